/** A story's or a doctor's tags as a list of chips (its own module: the doctor pages need nothing else of the stories'). */
export function TagList({ tags, label = 'Tags' }: { tags: readonly string[]; label?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li
          key={tag}
          className="rounded-full border border-brand-200 bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-900"
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}
