import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Copy } from 'lucide-react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';

/**
 * Copies `value` to the clipboard and says so (visibly and to screen readers). Its words are in
 * `common`: staff pages use it too.
 */
export function CopyButton({ value, label }: { value: string; label?: string }) {
  const { t } = useTranslation('account');
  const [copied, setCopied] = useState(false);
  const name = label ?? t('copyButton.copy');
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(t('copyButton.copiedToast'));
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error(t('copyButton.failedToast'));
    }
  }
  return (
    <Button variant="outline" size="sm" onClick={() => void copy()} aria-label={t('copyButton.label', { label: name, value })}>
      {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
      {copied ? t('copyButton.copied') : name}
    </Button>
  );
}
