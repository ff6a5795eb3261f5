import Stripe from 'stripe';
import {
  BILLING_PERIODS,
  packageIdOf,
  PRICED_PACKAGES,
  type BillingPeriod,
  type LanguageCode,
  type PricedPackage,
} from '@vbuilder/shared';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';

/**
 * Card payments through Stripe, offered only when STRIPE_SECRET_KEY is set; the key
 * stays on the server (docs/product/api.md held it on the client: a flaw we do not copy). The catalog comes from
 * the provider's products and prices: the product whose id, or whose metadata `packageId`, is the
 * package id (docs/product/api.md: 'vbuilder-professional') sells that package; each of its active prices with
 * an amount sells one billing period (a recurring price's interval, else its metadata `period`).
 */

export const STRIPE_PROVIDER = 'stripe';

/** 502: the card payment provider could not be reached or refused the request. */
export const cardProviderFailed = () =>
  new AppError(502, 'card_provider_failed', 'The card payment service could not be reached');

/** The id of the Checkout session a pending card record waits on (kept as its payment id until it is paid). */
export const checkoutSessionOf = (record: { method: string; paymentId: string | null }): string | null =>
  record.method === 'card' && record.paymentId?.startsWith('cs_') ? record.paymentId : null;

/** A price a package is sold at by card. */
export interface CardPrice {
  plan: PricedPackage;
  period: BillingPeriod;
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  priceId: string;
  productId: string;
  /** A one-time price is charged as it is; a recurring one (not sold as a subscription here) by its amount. */
  oneTime: boolean;
}

export interface CheckoutRequest {
  price: CardPrice;
  /** The tax line of the record (0: none), charged as a second line. */
  taxMinor: number;
  /**
   * An upgrade's credit for the unused part of the plan in force (0: none): Checkout takes no
   * negative line, so the plan's line is charged at its price less the credit.
   */
  creditMinor?: number;
  taxLabel: string;
  paymentRecordId: string;
  organizationId: string;
  invoiceNumber: string | null;
  customerEmail: string | null;
  language: LanguageCode;
  successUrl: string;
  cancelUrl: string;
}

export interface CardProvider {
  /** The packages' card prices (cached for a minute; the provider's failure throws). */
  prices(): Promise<CardPrice[]>;
  createCheckout(request: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /**
   * Ends a Checkout session so it can no longer be paid: 'expired' when it is (now or already),
   * 'complete' when the customer has paid it meanwhile. The provider's failure throws.
   */
  expireCheckout(sessionId: string): Promise<'expired' | 'complete'>;
  /** The verified event, or a throw when the signature, the secret or the timestamp (at receivedAt, ms) does not hold. */
  verifyEvent(rawBody: Buffer, signature: string | undefined, receivedAt: number): Promise<Stripe.Event>;
}

const CACHE_MS = 60_000;

/** Languages Stripe Checkout speaks among ours; the others let Checkout choose ('auto'). */
const CHECKOUT_LOCALES: Partial<Record<LanguageCode, Stripe.Checkout.SessionCreateParams.Locale>> = {
  en: 'en',
  fil: 'fil',
  id: 'id',
  ms: 'ms',
  th: 'th',
  vi: 'vi',
  zh: 'zh',
};

const isPeriod = (value: unknown): value is BillingPeriod =>
  typeof value === 'string' && (BILLING_PERIODS as readonly string[]).includes(value);

/** The package a product sells: its id or its metadata packageId is the package id. */
function packageOfProduct(product: Stripe.Product): PricedPackage | null {
  const ids = [product.id, product.metadata?.packageId, product.metadata?.package_id];
  return PRICED_PACKAGES.find((name) => ids.includes(packageIdOf(name))) ?? null;
}

function periodOfPrice(price: Stripe.Price): BillingPeriod | null {
  const interval = price.recurring?.interval;
  if (price.recurring) return isPeriod(interval) ? interval : null;
  const period = price.metadata?.period;
  return isPeriod(period) ? period : null;
}

/** The card prices of the products that sell our packages. */
export function cardPricesOf(products: Stripe.Product[], prices: Stripe.Price[]): CardPrice[] {
  const packageOf = new Map<string, PricedPackage>();
  for (const product of products) {
    const name = packageOfProduct(product);
    if (name && product.active !== false) packageOf.set(product.id, name);
  }
  const result: CardPrice[] = [];
  for (const price of prices) {
    const productId = typeof price.product === 'string' ? price.product : price.product?.id;
    const plan = productId ? packageOf.get(productId) : undefined;
    const period = periodOfPrice(price);
    if (!plan || !productId || !period || price.active === false) continue;
    if (typeof price.unit_amount !== 'number' || price.unit_amount <= 0) continue;
    result.push({
      plan,
      period,
      amountMinor: price.unit_amount,
      currency: price.currency.toUpperCase(),
      priceId: price.id,
      productId,
      oneTime: price.type === 'one_time',
    });
  }
  return result;
}

export function createCardProvider(config: Config): CardProvider | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const stripe = new Stripe(config.STRIPE_SECRET_KEY, {
    ...(config.STRIPE_API_HOST ? { host: config.STRIPE_API_HOST } : {}),
    ...(config.STRIPE_API_PORT ? { port: config.STRIPE_API_PORT } : {}),
    ...(config.STRIPE_API_PROTOCOL ? { protocol: config.STRIPE_API_PROTOCOL } : {}),
    maxNetworkRetries: 1,
    timeout: 20_000,
    appInfo: { name: 'vbuilder' },
  });
  let cached: { at: number; prices: Promise<CardPrice[]> } | null = null;

  const load = async (): Promise<CardPrice[]> => {
    const products: Stripe.Product[] = [];
    for await (const product of stripe.products.list({ active: true, limit: 100 })) products.push(product);
    const prices: Stripe.Price[] = [];
    for await (const price of stripe.prices.list({ active: true, limit: 100 })) prices.push(price);
    return cardPricesOf(products, prices);
  };

  return {
    prices() {
      const now = Date.now();
      if (!cached || now - cached.at > CACHE_MS) {
        const prices = load();
        cached = { at: now, prices };
        // A failure is not kept: the next call asks again.
        prices.catch(() => {
          if (cached?.prices === prices) cached = null;
        });
      }
      return cached.prices;
    },

    async createCheckout(request) {
      const { price } = request;
      const currency = price.currency.toLowerCase();
      const metadata = {
        paymentRecordId: request.paymentRecordId,
        organizationId: request.organizationId,
        invoiceNumber: request.invoiceNumber ?? '',
      };
      const credit = request.creditMinor ?? 0;
      const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = [
        price.oneTime && credit === 0
          ? { price: price.priceId, quantity: 1 }
          : {
              price_data: { currency, product: price.productId, unit_amount: price.amountMinor - credit },
              quantity: 1,
            },
      ];
      if (request.taxMinor > 0) {
        lineItems.push({
          price_data: { currency, product_data: { name: request.taxLabel }, unit_amount: request.taxMinor },
          quantity: 1,
        });
      }
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: lineItems,
        client_reference_id: request.paymentRecordId,
        metadata,
        payment_intent_data: { metadata },
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        locale: CHECKOUT_LOCALES[request.language] ?? 'auto',
        ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
      });
      if (!session.url) throw new Error('the checkout session has no URL');
      return { sessionId: session.id, url: session.url };
    },

    async expireCheckout(sessionId) {
      try {
        const session = await stripe.checkout.sessions.expire(sessionId);
        return session.status === 'complete' ? 'complete' : 'expired';
      } catch (err) {
        // Only an open session can be expired: one that is not says what it became.
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        if (session.status === 'complete') return 'complete';
        if (session.status === 'expired') return 'expired';
        throw err;
      }
    },

    async verifyEvent(rawBody, signature, receivedAt) {
      if (!config.STRIPE_WEBHOOK_SECRET) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
      if (!signature) throw new Error('no Stripe-Signature header');
      return stripe.webhooks.constructEventAsync(
        rawBody,
        signature,
        config.STRIPE_WEBHOOK_SECRET,
        undefined,
        undefined,
        receivedAt,
      );
    },
  };
}

const providers = new WeakMap<Config, CardProvider | null>();

/** The app's card provider (one per configuration, so its catalog cache is shared), or null without a key. */
export function cardProviderFor(config: Config): CardProvider | null {
  if (!providers.has(config)) providers.set(config, createCardProvider(config));
  return providers.get(config)!;
}
