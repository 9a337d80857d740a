import { useId } from 'react';
import { SuggestButton } from './suggest-button';
import { SuggestedFiles } from './suggested-files';

/** What the request's block shows of the room: the button, then the region it opens. */
export function SuggestFiles() {
  const regionId = useId();
  return (
    <>
      <div className="mt-1 flex justify-start">
        <SuggestButton regionId={regionId} />
      </div>
      <SuggestedFiles id={regionId} />
    </>
  );
}
