// /join/p/:partnerCode, a partner's landing page (seed 002 §2 and §4). COUPON: the partner's
// title, description and "enter code to continue" over a code field (submit disabled while empty
// or checking; Enter applies). A valid code shows 'Promo Code Applied' for 2 s, then goes to
// /join/p/{partnerCode}/{discountCode} when signed in, else to LOGIN (the login modal). An existing
// subscriber lands in ALREADY_PRO unless the partner lets them redeem. A `discount_code` in the
// address fills the field, and leaves the address when the partner masks codes.
import { BadgeCheck, Gift } from '../../ui/icons';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useCheckPartnerDiscountCode, useGetPartner } from '../../../../generated/react-query/partners/partners';
import type { CheckPartnerDiscountCode200, Partner } from '../../../../generated/react-query/model';
import type { ApiError } from '../../platform/api-fetch';
import { useModals } from '../../platform/modals/context';
import { problemMessage } from '../../platform/problem';
import { useSession } from '../../platform/session';
import { PageMessage } from '../../ui/page-message';
import { FormError } from '../auth/form-parts';
import { rememberPartner } from './partner-storage';
import { PartnerHeader } from './partner-header';
import { ALREADY_SUBSCRIBED_TEXT, PROMO_APPLIED_MS, PROMO_APPLIED_TEXT, promoErrorText } from './promo-messages';
import { isExistingSubscriber } from './subscriber';

type Stage = 'COUPON' | 'APPLIED' | 'LOGIN';

export const joinPath = (partnerCode: string, discountCode: string) => `/join/p/${encodeURIComponent(partnerCode)}/${encodeURIComponent(discountCode)}`;

export default function PartnerLandingPage() {
  const { partnerCode = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { user, isLoading } = useSession();
  const partner = useGetPartner<Partner, ApiError>(partnerCode, { query: { retry: false, select: (r) => r.data as Partner } });
  const [code, setCode] = useState(() => params.get('discount_code') ?? '');
  const [stage, setStage] = useState<Stage>('COUPON');
  const [error, setError] = useState<string | null>(null);
  const check = useCheckPartnerDiscountCode<ApiError>();
  const navigate = useNavigate();
  const { open } = useModals();
  const p = partner.data;

  useEffect(() => {
    if (!p?.maskPromoCodeFromQueryParams || !params.has('discount_code')) return;
    const next = new URLSearchParams(params);
    next.delete('discount_code');
    setParams(next, { replace: true });
  }, [p, params, setParams]);

  const alreadyPro = isExistingSubscriber(user) && !p?.allowExistingSubscribersToRedeem;
  const applied = code.trim();

  useEffect(() => {
    if (stage !== 'APPLIED' || !p) return;
    const timer = setTimeout(() => {
      if (user) navigate(joinPath(p.code, applied));
      else {
        setStage('LOGIN');
        open('login', { origin: 'partner-landing', title: p.messages.title, mode: 'sign-up' });
      }
    }, PROMO_APPLIED_MS);
    return () => clearTimeout(timer);
  }, [stage, p, user, applied, navigate, open]);

  // Signed in from LOGIN: on to the join route (or ALREADY_PRO, which the render shows).
  useEffect(() => {
    if (stage === 'LOGIN' && user && p && !alreadyPro) navigate(joinPath(p.code, applied));
  }, [stage, user, p, alreadyPro, applied, navigate]);

  if (partner.isPending || isLoading) return <p aria-live="polite">Loading…</p>;
  if (partner.isError || !p) return <PageMessage icon={<Gift className="size-5" />} title="No partner here" text={problemMessage(partner.error)} />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!applied || check.isPending) return;
    setError(null);
    check.mutate(
      { data: { reason: 'partner-signup', discountCode: applied, partnerCode: p.code } },
      {
        onSuccess: (r) => {
          // apiFetch throws on an error status: a resolved response is the 200 body.
          const result = r.data as CheckPartnerDiscountCode200;
          if (result.status === 'valid') {
            rememberPartner(p.code, applied);
            setStage('APPLIED');
          } else setError(promoErrorText(result.error_code));
        },
        onError: (err) => setError(problemMessage(err)),
      },
    );
  };

  return (
    <div className="mx-auto mt-10 w-full max-w-md space-y-5 px-4" data-partner-stage={alreadyPro ? 'ALREADY_PRO' : stage}>
      <PartnerHeader partner={p} />
      {alreadyPro ? (
        <div className="space-y-3 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800">
          <h2 className="font-semibold">You already have a subscription</h2>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">{ALREADY_SUBSCRIBED_TEXT}</p>
          <button type="button" className="btn-secondary" onClick={() => navigate('/')}>
            Return home
          </button>
        </div>
      ) : stage === 'APPLIED' ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-xl bg-emerald-50 p-4 font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
        >
          <BadgeCheck className="size-5" /> {PROMO_APPLIED_TEXT}
        </p>
      ) : stage === 'LOGIN' ? (
        <div className="space-y-3 rounded-xl border border-neutral-200 p-4 dark:border-neutral-800">
          <p>Your code {applied} is applied. Sign in or create an account to redeem it.</p>
          <button type="button" className="btn-primary" onClick={() => open('login', { origin: 'partner-landing', title: p.messages.title, mode: 'sign-up' })}>
            Sign in to continue
          </button>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-3">
          <label className="label" htmlFor="partner-code">
            {p.messages.enterCodeToContinue}
          </label>
          <div className="flex gap-2">
            <input
              id="partner-code"
              className="field flex-1"
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                setError(null);
              }}
              autoComplete="off"
              spellCheck={false}
              maxLength={100}
              aria-invalid={!!error}
              aria-describedby={error ? 'partner-code-error' : undefined}
            />
            <button type="submit" className="btn-primary" disabled={!applied || check.isPending}>
              {check.isPending ? 'Checking…' : 'Continue'}
            </button>
          </div>
          {error && (
            <div id="partner-code-error">
              <FormError>{error}</FormError>
            </div>
          )}
        </form>
      )}
    </div>
  );
}
