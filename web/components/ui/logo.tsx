export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden>
      <rect width="32" height="32" rx="7" className="fill-blue-700 dark:fill-blue-500" />
      <path d="M9 8h4v6.5h6V8h4v16h-4v-6h-6v6H9z" fill="#fff" />
    </svg>
  );
}
