import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';

/** Copies `value` to the clipboard and says so (visibly and to screen readers). */
export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success('Address copied to clipboard!');
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error('Failed to copy the address.');
    }
  }
  return (
    <Button variant="outline" size="sm" onClick={() => void copy()} aria-label={`${label}: ${value}`}>
      {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
      {copied ? 'Copied' : label}
    </Button>
  );
}
