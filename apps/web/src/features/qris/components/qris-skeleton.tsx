import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';

/** A step standing in while what it needs is read. */
export function QrisSkeleton({ label }: { label: string }) {
  return (
    <LoadingRegion label={label} className="qris-step">
      <Skeleton width="60%" height="1.5rem" />
      <Skeleton shape="block" height="7rem" />
      <Skeleton shape="block" height="3rem" />
    </LoadingRegion>
  );
}
