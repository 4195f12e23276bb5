import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton.tsx';

/** A kind's form standing in while its products are read. */
export function BillFormSkeleton({ label }: { label: string }) {
  return (
    <LoadingRegion label={label} className="bill-form">
      <Skeleton width="40%" />
      <Skeleton shape="block" height="3rem" />
      <Skeleton width="50%" />
      <span className="bill-products__grid">
        <Skeleton shape="block" height="4.5rem" />
        <Skeleton shape="block" height="4.5rem" />
        <Skeleton shape="block" height="4.5rem" />
        <Skeleton shape="block" height="4.5rem" />
      </span>
    </LoadingRegion>
  );
}

/** A payment's page standing in while it is read. */
export function BillPaymentSkeleton({ label }: { label: string }) {
  return (
    <LoadingRegion label={label} className="bill-result">
      <Skeleton shape="circle" width="6rem" height="6rem" />
      <Skeleton width="60%" height="1.5rem" />
      <Skeleton shape="block" height="8rem" />
      <Skeleton shape="block" height="3rem" />
    </LoadingRegion>
  );
}
