// What an answer shows of a product (a card) and what the details sheet shows (the product with
// all its options): the API's shapes, built from the catalogue's rows.
import type { MerchantKind } from '../../shared/merchant-feeds-config.js';
import type { Availability } from './feed-product.js';

export type { MerchantKind };

export type ShoppingWidget = {
  option_key: string;
  product_id: string;
  title: string;
  brand: string | null;
  image_url: string | null;
  price_minor: number;
  currency: string;
  merchant_id: string;
  merchant_name: string;
  /** Absent on cards kept before Shopify stores: a feed's. */
  merchant_kind?: MerchantKind;
  rating: number | null;
  review_count: number | null;
  available: boolean;
  link: string;
  option_count: number;
};

export type ProductOption = {
  option_key: string;
  label: string;
  size: string | null;
  color: string | null;
  price_minor: number;
  currency: string;
  availability: Availability;
  available: boolean;
  image_url: string | null;
  link: string;
};

export type ProductDetails = {
  product_id: string;
  title: string;
  description: string;
  brand: string | null;
  link: string;
  images: string[];
  rating: number | null;
  review_count: number | null;
  merchant_id: string;
  merchant_name: string;
  merchant_kind: MerchantKind;
  /** The option asked for: what the sheet shows first. */
  selected_option_key: string;
  options: ProductOption[];
};

/** An option can be bought now or ordered ahead: out of stock is the only one that cannot. */
export const isAvailable = (availability: string) => availability !== 'out_of_stock';
