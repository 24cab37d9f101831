// Donations (docs/product/donations.md): the admin records them (/api/admin/donate/*), and the
// public thanks page lists them by year (/api/donate/thanks).
import { z } from 'zod';
import { msg, optionalText } from '../validation.js';
import { pageOf } from './common.js';

export const DONATION_MESSAGE_MAX = 500;
export const DONOR_NAME_MAX = 50;
/** Far above any real gift; keeps the amount inside a 32-bit integer. */
export const DONATION_AMOUNT_MAX = 2_000_000_000;
export const DONATION_LABEL = {
  donor: '후원자',
  amount: '금액',
  donatedOn: '후원일',
  message: '남긴 말',
} as const;

/** Shown on the thanks page for an anonymous donor. */
export const ANONYMOUS_DONOR = '익명';

const PageNumber = z
  .number({ message: '페이지 번호를 확인해 주세요.' })
  .int('페이지 번호를 확인해 주세요.')
  .min(1, '페이지 번호를 확인해 주세요.')
  .max(100000, '페이지 번호를 확인해 주세요.')
  .default(1);

const DonationId = z
  .number({ message: '후원 기록을 찾을 수 없습니다.' })
  .int('후원 기록을 찾을 수 없습니다.')
  .min(1, '후원 기록을 찾을 수 없습니다.')
  .max(2_147_483_647, '후원 기록을 찾을 수 없습니다.');

const Year = z
  .number({ message: '연도를 확인해 주세요.' })
  .int('연도를 확인해 주세요.')
  .min(1990, '연도를 확인해 주세요.')
  .max(2200, '연도를 확인해 주세요.');

/** A real calendar day, YYYY-MM-DD. */
export const donationDateRule = z
  .string({ error: msg.required(DONATION_LABEL.donatedOn) })
  .trim()
  .min(1, msg.required(DONATION_LABEL.donatedOn))
  .regex(/^\d{4}-\d{2}-\d{2}$/, '후원일은 2024-05-01처럼 입력해 주세요.')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && d.getUTCFullYear() >= 1990;
  }, '후원일을 확인해 주세요.');

export const donationAmountRule = z
  .number({ message: '금액은 숫자로 입력해 주세요.' })
  .int('금액은 원 단위 정수로 입력해 주세요.')
  .min(1, '금액은 1원 이상이어야 합니다.')
  .max(DONATION_AMOUNT_MAX, '금액이 너무 큽니다.');

/**
 * member: donorName is a member's nickname or id (the member is linked); name: a free name
 * (someone who is not a member); anonymous: no name is shown.
 */
export const DonorKind = z.enum(['member', 'name', 'anonymous'], { message: '후원자 종류를 골라 주세요.' });

export const AdminDonateSave = z
  .object({
    id: DonationId.optional(),
    donorKind: DonorKind,
    donorName: optionalText(DONATION_LABEL.donor, DONOR_NAME_MAX, msg.maxLength(DONATION_LABEL.donor, DONOR_NAME_MAX)).default(''),
    amount: donationAmountRule,
    amountPublic: z.boolean().default(true),
    donatedOn: donationDateRule,
    message: optionalText(DONATION_LABEL.message, DONATION_MESSAGE_MAX, msg.maxLength(DONATION_LABEL.message, DONATION_MESSAGE_MAX)).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.donorKind !== 'anonymous' && v.donorName === '') {
      ctx.addIssue({ code: 'custom', path: ['donorName'], message: msg.required(DONATION_LABEL.donor) });
    }
  });
export type AdminDonateSave = z.input<typeof AdminDonateSave>;
export const AdminDonateSaved = z.object({ id: z.number().int() });
export const AdminDonateDelete = z.object({ id: DonationId });

export const AdminDonateListQuery = z.object({
  page: PageNumber,
  /** Donor name, member id or message. */
  search: z.string().trim().max(60, '검색어는 60자까지 입력할 수 있습니다.').optional(),
  year: Year.optional(),
  sort: z.enum(['date', 'amount']).default('date'),
});
export const AdminDonation = z.object({
  id: z.number().int(),
  donorKind: DonorKind,
  donorName: z.string(),
  /** The linked member's id, when the donor is a member. */
  donorUserId: z.string().nullable(),
  amount: z.number().int(),
  amountPublic: z.boolean(),
  donatedOn: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type AdminDonation = z.infer<typeof AdminDonation>;
export const AdminDonatePage = pageOf(AdminDonation).extend({
  /** Every amount of the rows the filters match, public or not. */
  sum: z.number(),
});
export type AdminDonatePage = z.infer<typeof AdminDonatePage>;

export const DonateThanksQuery = z.object({ year: Year.optional() }).nullish();
export const ThanksItem = z.object({
  id: z.number().int(),
  /** The donor's name, or 익명. */
  name: z.string(),
  /** null when the donor asked to keep the amount private. */
  amount: z.number().int().nullable(),
  donatedOn: z.string(),
  message: z.string(),
});
export type ThanksItem = z.infer<typeof ThanksItem>;
export const DonateThanks = z.object({
  /** Years that have donations, newest first. */
  years: z.array(z.number().int()),
  /** The year shown (the newest by default), or null when there are no donations at all. */
  year: z.number().int().nullable(),
  items: z.array(ThanksItem),
  /** The sum of the public amounts of that year. */
  total: z.number(),
  /** How many donations that year, private amounts included. */
  count: z.number().int(),
});
export type DonateThanks = z.infer<typeof DonateThanks>;

