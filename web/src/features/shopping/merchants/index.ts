// What other features use of the merchant feeds page: the link to it.
export { MerchantFeedsLink } from './merchant-feeds-link';
