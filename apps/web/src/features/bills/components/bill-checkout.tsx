import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { BillCategory, BillProduct, BillQuote, CardDetail } from '@kartu/contracts';
import { mobileOperatorOf } from '@kartu/core/mobile-operator';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, describeApiError } from '../../../lib/api-client.ts';
import { useAttemptKey } from '../../../lib/attempt-key.ts';
import { useTranslation } from '../../../lib/i18n.tsx';
import { useCheckBill } from '../api/check-bill.ts';
import { usePayBill } from '../api/pay-bill.ts';
import { billKinds, customerNumberProblem, providersOf, type CustomerNumberProblem } from '../bill-kinds.ts';
import { paySourceOptions, paySourceToUse, type BillPaySource } from '../pay-sources.ts';
import { BillProductChoice } from './bill-product-choice.tsx';
import { BillQuoteView } from './bill-quote.tsx';
import { CustomerNumberField } from './customer-number-field.tsx';

/** The check's refusals about the number itself: shown under the field, which takes focus. */
const numberRefusals: ReadonlySet<string> = new Set(['BILL_NOT_FOUND', 'BILL_PHONE_OPERATOR', 'BILL_TOO_MANY_MONTHS']);

function isNumberRefusal(error: unknown): boolean {
  return error instanceof ApiError && numberRefusals.has(error.code);
}

export interface BillCheckoutProps {
  cardId: string;
  category: BillCategory;
  /** The kind's products: prepaid ones to choose from, or the one postpaid bill to check. */
  products: readonly BillProduct[];
  card: CardDetail | undefined;
  /** What the form starts with ('Buy again'). */
  initial: { customerNo: string; sku: string | null };
}

/**
 * One kind's purchase (business-rules §2 bill check, e-wallet top-up): the customer number and, for
 * a prepaid kind, the product; then the server's check of it, and paying it from the card. The
 * form keeps what was typed whatever is refused; a change to it drops the check, to be made again.
 */
export function BillCheckout({ cardId, category, products, card, initial }: BillCheckoutProps) {
  const { t } = useTranslation('bills');
  const { t: common } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const numberId = `${id}-number`;
  const firstChoiceId = `${id}-first-product`;
  const check = useCheckBill(cardId);
  const pay = usePayBill(cardId);
  const attempt = useAttemptKey();
  const kind = billKinds[category];

  const [customerNo, setCustomerNo] = useState(initial.customerNo);
  const [sku, setSku] = useState(initial.sku);
  const [tab, setTab] = useState<string | null>(null);
  const [problems, setProblems] = useState<{ number?: string; product?: string }>({});
  const [quote, setQuote] = useState<BillQuote | null>(null);
  const [expired, setExpired] = useState(false);
  const [chosenSource, setSource] = useState<BillPaySource | null>(null);

  const postpaid = products.find((product) => product.kind === 'postpaid');
  const chosen = postpaid ?? products.find((product) => product.sku === sku);
  const providers = kind.byProvider ? providersOf(products) : [];
  const detected = kind.detectsOperator ? mobileOperatorOf(customerNo) : null;
  // The tab the member chose, else the chosen product's provider, else the operator of the number.
  const provider = providers.length === 0 ? null : (tab ?? chosen?.provider ?? (detected && providers.includes(detected) ? detected : providers[0]) ?? null);

  const problemText = (problem: CustomerNumberProblem): string => {
    switch (problem) {
      case 'required':
        return t(`number.${kind.number}.required`);
      case 'invalidPhone':
        return t('number.invalidPhone');
      case 'wrongOperator':
        return common('errors.BILL_PHONE_OPERATOR');
      case 'invalidNumber':
        return common('errors.BILL_NOT_FOUND');
    }
  };

  /** Whatever changes what is bought drops the check made of it. */
  const startOver = () => {
    setQuote(null);
    check.reset();
    pay.reset();
  };

  const changeNumber = (next: string) => {
    startOver();
    setCustomerNo(next);
    setProblems((before) => ({ ...before, number: undefined }));
    if (!kind.detectsOperator) return;
    // The operator's tab follows the number; a product of another operator no longer stands chosen.
    const operator = mobileOperatorOf(next);
    if (!operator || operator === mobileOperatorOf(customerNo) || !providers.includes(operator)) return;
    setTab(operator);
    if (chosen && chosen.provider !== operator) setSku(null);
  };

  const changeProvider = (next: string) => {
    startOver();
    setTab(next);
    if (chosen?.provider !== next) setSku(null);
  };

  const changeProduct = (next: string) => {
    startOver();
    setSku(next);
    setProblems((before) => ({ ...before, product: undefined }));
  };

  const runCheck = () => {
    const numberProblem = customerNumberProblem(category, chosen, customerNo);
    setProblems({ number: numberProblem ? problemText(numberProblem) : undefined, product: chosen ? undefined : t('products.required') });
    // The first thing to put right takes focus, its message read with it.
    if (numberProblem) {
      document.getElementById(numberId)?.focus();
      return;
    }
    if (!chosen) {
      document.getElementById(firstChoiceId)?.focus();
      return;
    }
    pay.reset();
    check.mutate(
      { sku: chosen.sku, customerNo: customerNo.trim() },
      {
        onSuccess: (answer) => {
          setQuote(answer);
          setExpired(false);
        },
        onError: (error) => {
          setQuote(null);
          if (isNumberRefusal(error)) document.getElementById(numberId)?.focus();
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    runCheck();
  };

  const options = quote ? paySourceOptions(quote, card) : [];
  const source = paySourceToUse(options, chosenSource);
  const payNow = () => {
    if (!quote || !source) return;
    const body = { checkId: quote.checkId, source };
    // The same payment sent again (a double tap, a lost answer) reuses its key: the server answers the first.
    const idempotencyKey = attempt.keyFor(JSON.stringify({ cardId, ...body }));
    pay.mutate(
      { body, idempotencyKey },
      {
        onSuccess: (payment) => {
          attempt.settle();
          void navigate(paths.cardBillPayment.href({ cardId, billId: payment.id }));
        },
      },
    );
  };

  const numberError = problems.number ?? (isNumberRefusal(check.error) ? describeApiError(check.error) : null);
  const checkRefusal = check.isError && !isNumberRefusal(check.error) ? (describeApiError(check.error) ?? t('check.failed')) : null;

  return (
    <>
      <form className="bill-form" noValidate onSubmit={submit}>
        <CustomerNumberField id={numberId} category={category} value={customerNo} onChange={changeNumber} error={numberError} />
        {postpaid ? null : (
          <BillProductChoice
            category={category}
            products={products}
            provider={provider}
            onProviderChange={changeProvider}
            sku={sku}
            onChange={changeProduct}
            error={problems.product ?? null}
            firstChoiceId={firstChoiceId}
          />
        )}
        {checkRefusal ? (
          <p className="bills-refusal" role="alert">
            {checkRefusal}
          </p>
        ) : null}
        <Button type="submit" block variant={quote ? 'secondary' : 'primary'} loading={check.isPending}>
          {postpaid ? t('check.checkBill') : t('check.continue')}
        </Button>
      </form>
      {quote ? (
        <BillQuoteView
          key={quote.checkId}
          quote={quote}
          options={options}
          source={source}
          onSourceChange={setSource}
          onPay={payNow}
          paying={pay.isPending}
          payError={pay.error}
          expired={expired}
          onExpire={() => setExpired(true)}
          onCheckAgain={runCheck}
          checking={check.isPending}
        />
      ) : null}
    </>
  );
}
