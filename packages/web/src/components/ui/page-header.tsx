import type { ReactNode } from 'react';

/** The heading of a settings-style page: title, one-line description, actions on the right. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
      {/* The text wraps beside the actions while it keeps 18rem; narrower, they go below it. */}
      <div className="min-w-0 flex-1 basis-72">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">{description}</p>
      </div>
      {actions}
    </header>
  );
}
