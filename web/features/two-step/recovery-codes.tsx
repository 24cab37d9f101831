// Recovery codes shown once (after turning two-step sign-in on or renewing them): copy, download.
import { LiteButton } from '../../ui/lite-button';
import { toast } from '../../ui/toast-store';
import { koTwoStep as k } from './texts';

export function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    toast.success(k.copied);
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${k.codesTitle}\n\n${text}\n`], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'chalkak-recovery-codes.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <section className="two-step-codes" aria-labelledby="two-step-codes-title">
      <h2 id="two-step-codes-title">{k.codesTitle}</h2>
      <p>{k.codesIntro}</p>
      <ol className="two-step-code-list">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="two-step-actions">
        <LiteButton outlined icon="pi pi-copy" label={k.copyCodes} onClick={() => void copy()} />
        <LiteButton outlined icon="pi pi-download" label={k.download} onClick={download} />
        <LiteButton icon="pi pi-check" label={k.done} onClick={onDone} />
      </div>
    </section>
  );
}
