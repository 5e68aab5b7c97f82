// The way to the merchant feeds page: on an administrator's account details, and under purchases.
import { Link } from 'react-router';
import { MERCHANT_FEEDS_TEXT } from './texts';

export function MerchantFeedsLink() {
  return (
    <p className="text-sm">
      <Link to="/shopping/merchants" className="underline">
        {MERCHANT_FEEDS_TEXT.link}
      </Link>
    </p>
  );
}
