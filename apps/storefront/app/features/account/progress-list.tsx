import { formatDateTime } from "~/lib/format-date";

/** One step of a progress list: what happened, when, and an optional line more. */
export interface ProgressEvent {
  key: string;
  label: string;
  at: string;
  note?: string | null;
}

/**
 * What happened to an order or a return, oldest first, as a vertical line of dots with the latest step
 * filled: each step's words, then its date and time.
 */
export function ProgressList({ events }: { events: readonly ProgressEvent[] }) {
  return (
    <ol className="mt-4 grid gap-0">
      {events.map((event, index) => {
        const last = index === events.length - 1;
        return (
          <li key={event.key} className="relative grid grid-cols-[1rem_minmax(0,1fr)] gap-x-3 pb-5 last:pb-0">
            {last ? null : <span aria-hidden="true" className="absolute top-4 bottom-0 left-[0.4375rem] w-px bg-line" />}
            <span
              aria-hidden="true"
              className={`mt-1.5 size-3.5 rounded-full border-2 ${last ? "border-accent bg-accent" : "border-line-strong bg-surface"}`}
            />
            <div>
              <p className="font-semibold">{event.label}</p>
              <p className="text-sm text-ink-muted">
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              </p>
              {event.note ? <p className="text-sm">{event.note}</p> : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
