// The get-the-app (partner success) screen, /get-the-app (seed 002 §2): the title by device type,
// the App Store and Google Play buttons (the operator's store addresses; a store not set is said
// so), a rating block per platform the operator gave figures for (none is made up), and on a
// phone 'Continue in browser', on a computer, where a store is set, a QR code of this page with
// 'Scan with your phone for a quick download'. `?partner=` adds the partner's logo.
import { QRCodeSVG } from 'qrcode.react';
import { Star } from '../../ui/icons';
import { Link, useSearchParams } from 'react-router';
import { useGetMobileApp, useGetPartner } from '../../../../generated/react-query/partners/partners';
import type { GetMobileApp200, Partner } from '../../../../generated/react-query/model';
import { deviceType, GET_THE_APP_TITLE, ratingsFor, type DeviceType } from './device';

export const SCAN_TEXT = 'Scan with your phone for a quick download';

export default function GetTheAppPage({ device = deviceType() }: { device?: DeviceType }) {
  const [params] = useSearchParams();
  const partnerCode = params.get('partner') ?? '';
  const partner = useGetPartner<Partner>(partnerCode, {
    query: { enabled: /^[A-Za-z0-9_-]{1,64}$/.test(partnerCode), retry: false, select: (r) => r.data as Partner },
  });
  const stores = useGetMobileApp<GetMobileApp200>({ query: { select: (r) => r.data as GetMobileApp200 } });
  const p = partner.data;
  const here = `${window.location.origin}/get-the-app${partnerCode ? `?partner=${encodeURIComponent(partnerCode)}` : ''}`;
  const none = stores.data && !stores.data.ios_url && !stores.data.android_url;
  const offered = !!(stores.data?.ios_url || stores.data?.android_url);
  const ratings = stores.data ? ratingsFor(device, stores.data) : [];
  return (
    <div className="mx-auto mt-10 flex w-full max-w-md flex-col items-center gap-5 px-4 text-center">
      {p?.logoUrl && <img src={p.logoUrl} alt={p.name} className="h-12 w-auto" />}
      <h1 className="text-2xl font-semibold tracking-tight">{GET_THE_APP_TITLE[device]}</h1>
      {ratings.map((r) => (
        <p key={r.store} className="flex items-center gap-1 text-sm">
          <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden /> {device === 'desktop' && `${r.store}: `}
          {r.text}
        </p>
      ))}
      <div className="flex flex-wrap justify-center gap-2">
        <StoreButton label="Download for iPhone" href={stores.data?.ios_url ?? null} primary={device === 'ios'} />
        <StoreButton label="Download for Android" href={stores.data?.android_url ?? null} primary={device === 'android'} />
      </div>
      {none && <p className="text-sm text-neutral-500">The phone apps are not offered on this server yet.</p>}
      {device === 'desktop' ? (
        offered && (
          <figure className="flex flex-col items-center gap-2">
            <QRCodeSVG value={here} size={160} aria-label="QR code of this page" className="rounded-lg bg-white p-2" />
            <figcaption className="text-sm text-neutral-600 dark:text-neutral-400">{SCAN_TEXT}</figcaption>
          </figure>
        )
      ) : (
        <Link to="/" className="btn-secondary">
          Continue in browser
        </Link>
      )}
    </div>
  );
}

function StoreButton({ label, href, primary }: { label: string; href: string | null; primary: boolean }) {
  if (!href)
    return (
      <button type="button" className="btn-secondary" disabled title="Not offered on this server">
        {label}
      </button>
    );
  return (
    <a href={href} className={primary ? 'btn-primary' : 'btn-secondary'} rel="noopener noreferrer" target="_blank">
      {label}
    </a>
  );
}
