import { Spinner } from '../components/ui/spinner';

/** Before the first route module and the translations arrive there is no text to show. */
export function BootFallback() {
  return (
    <div className="flex h-full items-center justify-center">
      <Spinner className="size-8 text-indigo-600" />
    </div>
  );
}
