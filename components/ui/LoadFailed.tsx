import { buttonClass } from './button';

/** What a section shows when its data did not arrive: the reason and a way to ask again. */
export function LoadFailed({
  message,
  retryLabel,
  onRetry,
  className,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div role="alert" className={className}>
      <p>{message}</p>
      <button type="button" className={buttonClass('secondary')} onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
