'use client';

import { useEffect, useMemo } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useLiveQuery } from '@/components/providers/useLiveQuery';
import { suggestionsQuery } from '@/lib/api/queries';
import type { AppLocale } from '@/lib/i18n/locales';
import { suggestionGroups, type SuggestionOption } from '@/lib/listing/suggestions';
import { useSettledText } from '@/components/forms/useSettledText';
import styles from './SuggestionList.module.css';

/** Typing this long without a pause asks for suggestions once, not once per key. */
const TYPING_PAUSE_MS = 200;

interface Props {
  /** The listbox's id, which the search field's aria-controls names. */
  id: string;
  query: string;
  expanded: boolean;
  /** The option the keyboard is on (index into all options), or -1. */
  active: number;
  onOptions: (options: SuggestionOption[]) => void;
  onChoose: (option: SuggestionOption) => void;
}

/** The search field's listbox: suggestions grouped by kind, fetched once typing pauses. */
export function SuggestionList({ id, query, expanded, active, onOptions, onChoose }: Props) {
  const t = useTranslations('search');
  const locale = useLocale() as AppLocale;
  const settled = useSettledText(query.trim(), TYPING_PAUSE_MS);
  const { data } = useLiveQuery(suggestionsQuery(locale, settled), { enabled: settled.length > 0, keepPrevious: true });
  const groups = useMemo(() => (data ? suggestionGroups(data) : []), [data]);
  useEffect(() => onOptions(groups.flatMap((group) => group.options)), [groups, onOptions]);

  return (
    <div role="listbox" id={id} aria-label={t('suggestions')} className={styles.list} hidden={!expanded}>
      {groups.map((group) => (
        <div key={group.kind} role="group" aria-labelledby={`${id}-${group.kind}`}>
          <div id={`${id}-${group.kind}`} role="presentation" className={styles.heading}>
            {t(group.kind)}
          </div>
          {group.options.map((option) => (
            <div
              key={`${option.kind}-${option.id}`}
              id={`${id}-${option.index}`}
              role="option"
              aria-selected={option.index === active}
              className={styles.option}
              // Keeps the focus in the field, which would otherwise close the list before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onChoose(option)}
            >
              {option.place ? (
                // Where the idea is: it may lie outside the listing's place, which its results keep to.
                <span className={styles.withPlace}>
                  <span data-option-title="">{option.title}</span>
                  <span className={styles.place}>{option.place}</span>
                </span>
              ) : (
                option.title
              )}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
