/**
 * Loading skeletons (SPEC §2 Forum home: 4 or 8 category placeholders, 3 thread placeholders;
 * Category page: skeletons while loading).
 *
 * @module
 */

function Bar({ className }: { className: string }) {
  return <div className={`animate-pulse rounded bg-slate-200 ${className}`} />;
}

/** Placeholder category cards: 4 on small screens, 8 from 768 px. */
export function CategoryGridSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-hidden>
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className={`rounded-xl border border-slate-200 bg-white p-4 ${i >= 4 ? "hidden md:block" : ""}`}>
          <Bar className="mb-3 h-5 w-2/3" />
          <Bar className="mb-2 h-3 w-full" />
          <Bar className="h-3 w-1/3" />
        </div>
      ))}
    </div>
  );
}

/** Three placeholder thread rows. */
export function ThreadListSkeleton() {
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-hidden>
      {Array.from({ length: 3 }, (_, i) => (
        <li key={i} className="p-4">
          <Bar className="mb-3 h-5 w-3/4" />
          <Bar className="h-3 w-1/2" />
        </li>
      ))}
    </ul>
  );
}

/** Whole forum home while it loads. */
export function HomeSkeleton() {
  return (
    <div className="space-y-8" aria-busy="true">
      <Bar className="h-12 w-full" />
      <CategoryGridSkeleton />
      <ThreadListSkeleton />
    </div>
  );
}

/** Category page while it loads. */
export function CategoryPageSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <Bar className="h-8 w-1/3" />
      <Bar className="h-4 w-2/3" />
      <ThreadListSkeleton />
    </div>
  );
}
