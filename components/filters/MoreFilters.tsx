'use client';

import { useState } from 'react';
import { clientOnly } from '@/components/ui/clientOnly';
import { useOverlayTrigger } from '@/components/ui/LazyOverlayPanel';
import type { Filters } from '@/lib/listing/filters';
import { MoreFiltersView } from './FilterControls';

const loadSheet = () => import('./MoreFiltersSheet');
// The sheet's fields, their rules and the live count load when a visitor reaches for the button, not with /go.
const MoreFiltersSheet = clientOnly(() => loadSheet().then((m) => m.MoreFiltersSheet));

/** The "more filters" button, with how many of its filters are set; it opens MoreFiltersSheet. */
export function MoreFilters({ filters, onApply }: { filters: Filters; onApply: (filters: Filters) => void }) {
  const [open, setOpen] = useState(false);
  const overlay = useOverlayTrigger(open, setOpen, loadSheet);
  return (
    <MoreFiltersView
      filters={filters}
      trigger={overlay.triggerProps}
      panel={
        overlay.mounted ? (
          <MoreFiltersSheet
            open={open}
            onOpenChange={setOpen}
            trigger={overlay.ref}
            filters={filters}
            onApply={onApply}
          />
        ) : null
      }
    />
  );
}
