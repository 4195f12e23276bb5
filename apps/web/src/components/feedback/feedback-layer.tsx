import { ProgressBar } from './progress-bar.tsx';
import { Toaster } from './toaster.tsx';

/** Everything the shell shows above the pages: the toasts and the progress bar. */
export function FeedbackLayer() {
  return (
    <>
      <Toaster />
      <ProgressBar />
    </>
  );
}
