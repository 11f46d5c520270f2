/** The title and one-line introduction of a Security tab section; `id` names the section (aria-labelledby). */
export function SecurityHeading({ id, title, intro, className }: { id: string; title: string; intro: string; className?: string }) {
  return (
    <div className={className}>
      <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{intro}</p>
    </div>
  );
}
