import { useEffect, useState, type ComponentProps } from 'react';
import { Input } from '../../components/ui/input';

/** How long typing pauses before a search or filter goes to the URL (and the server). */
export const TYPING_PAUSE_MS = 300;

/**
 * A text box whose value lives elsewhere (the query string): typing is local, and the value is
 * committed once typing pauses, so each keystroke does not become a request.
 */
export function DebouncedInput({
  value,
  onCommit,
  ...props
}: { value: string; onCommit: (value: string) => void } & Omit<
  ComponentProps<typeof Input>,
  'value' | 'onChange'
>) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  // The value changed from outside (Clear filters, back button): show it.
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => onCommit(draft), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft, value, onCommit]);
  return <Input value={draft} onChange={(event) => setDraft(event.target.value)} {...props} />;
}
