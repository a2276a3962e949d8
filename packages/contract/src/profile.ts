import { z } from 'zod';
import { listSchema, pageQuerySchema } from './envelope';
import { emailSchema, mobileSchema } from './validators';

/**
 * The user's own account (issue 3 parts 2–4): profile, avatar, SSH keys, contact changes, login
 * security, status/home/handler and access records. Forms validate with the same schemas.
 */

export const profileMessages = {
  realNameLength: 'The real name is at most 40 characters',
  avatarType: 'The avatar must be a PNG, JPEG or WebP image',
  avatarSize: 'The avatar is too large',
  keyInvalid: 'Not an OpenSSH public key',
  keyPrivate: 'This is a private key: paste the public key (the .pub file)',
  keyDuplicate: 'This key has already been added',
  emailSame: 'This is already your e-mail address',
  telephoneSame: 'This is already your phone number',
  cidrInvalid: 'Not an IP address or network (CIDR), e.g. 10.0.0.0/8',
  lockout: 'Your current address would not be allowed: this would lock you out',
  profileExists: 'The profile already exists',
  passwordEncrypted: 'The encrypted password is malformed or stale, please try again',
} as const;

/** Avatars: PNG, JPEG or WebP (checked by their magic bytes on the server), at most 2 MiB. */
export const avatarLimits = { maxBytes: 2 * 1024 * 1024, types: ['image/png', 'image/jpeg', 'image/webp'] } as const;
/** Spec §3: an avatar starting with this prefix is served by us (the web rewrites it to the API base). */
export const avatarAddressPrefix = '{address}';

/** PATCH /user/user/self: what a user may change of their own user info (contacts have their own calls). */
export const selfUpdateInputSchema = z
  .object({ real_name: z.string().trim().max(40, profileMessages.realNameLength) })
  .strict();
export type SelfUpdateInput = z.infer<typeof selfUpdateInputSchema>;

export const avatarSchema = z.object({ avatar: z.string() });

/** User profile (spec §3: avatar, real_name, user_name) with the card fields a user fills in. */
export const userProfileSchema = z.object({
  id: z.number().int(),
  user_name: z.string(),
  real_name: z.string().nullable(),
  avatar: z.string().nullable(),
  organization: z.string(),
  title: z.string(),
  bio: z.string(),
  group_name: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;
export const userProfileListSchema = listSchema(userProfileSchema);

export const userProfileInputSchema = z
  .object({
    organization: z.string().trim().max(100).optional(),
    title: z.string().trim().max(60).optional(),
    bio: z.string().trim().max(500).optional(),
  })
  .strict();
export type UserProfileInput = z.infer<typeof userProfileInputSchema>;

export const profilesQuerySchema = pageQuerySchema.extend({ field_lk_user_name: z.string().trim().max(60).optional() });
export const idParamSchema = z.object({ id: z.coerce.number().int().min(1) });

/** SSH public keys (GET, POST, DELETE /user/key; GET /user/has_key). */
export const sshKeySchema = z.object({
  id: z.number().int(),
  type: z.string(),
  fingerprint: z.string(),
  comment: z.string(),
  created_at: z.string(),
});
export type SshKey = z.infer<typeof sshKeySchema>;
export const sshKeyListSchema = z.array(sshKeySchema);
export const addSshKeyInputSchema = z.object({ public_key: z.string().trim().min(1, profileMessages.keyInvalid).max(16_384) }).strict();
export const deleteSshKeyQuerySchema = z.object({ id: z.coerce.number().int().min(1) });
export const hasKeySchema = z.object({ has_key: z.boolean(), count: z.number().int() });

/** Contact changes: a code goes to the NEW address; the change call checks it. */
export const emailModifyCodeInputSchema = z.object({ email: emailSchema.max(60) }).strict();
export const telephoneModifyCodeInputSchema = z.object({ telephone: mobileSchema }).strict();
const codeField = z.string().trim().min(1).max(12);
export const modifyEmailInputSchema = z.object({ email: emailSchema.max(60), verification_code: codeField }).strict();
export const modifyTelephoneInputSchema = z.object({ telephone: mobileSchema, verification_code: codeField }).strict();
export const contactSchema = z.object({ email: z.string().nullable(), telephone: z.string().nullable() });

/** GET, PATCH /keystone/login_security: the user's own sign-in rules, enforced at login. */
export const loginSecuritySchema = z.object({
  /** Every sign-in needs a solved captcha, not only after failures. */
  always_captcha: z.boolean(),
  /** A sign-in from an address never seen for this account sends an e-mail notice (needs an e-mail). */
  notify_new_ip: z.boolean(),
  /** Sign-ins only from the networks of the user's access records (POST /user/access/create). */
  restrict_networks: z.boolean(),
  /** The networks allowed when restrict_networks is on (read only: managed as access records). */
  allowed_networks: z.array(z.string()),
});
export type LoginSecurity = z.infer<typeof loginSecuritySchema>;
export const loginSecurityInputSchema = z
  .object({ always_captcha: z.boolean().optional(), notify_new_ip: z.boolean().optional(), restrict_networks: z.boolean().optional() })
  .strict();
export type LoginSecurityInput = z.infer<typeof loginSecurityInputSchema>;

/** GET /user/status: the status bit field and what each bit means (spec §6, §9). */
export const userStatusSchema = z.object({
  status: z.number().int(),
  bound: z.boolean(),
  cloud_bound: z.boolean(),
  bits: z.array(z.object({ bit: z.number().int(), name: z.string(), set: z.boolean() })),
});
export type UserStatus = z.infer<typeof userStatusSchema>;

/** GET /user/home: where the user lands and what the landing page shows of them. */
export const userHomeSchema = z.object({
  user_name: z.string(),
  landing_path: z.string(),
  bound: z.boolean(),
  system_account: z.string().nullable(),
  group_name: z.string().nullable(),
  verified: z.enum(['both', 'email', 'phone', 'none']),
  last_login_at: z.string().nullable(),
  last_login_ip: z.string().nullable(),
  has_ssh_key: z.boolean(),
});
export type UserHome = z.infer<typeof userHomeSchema>;

/** GET /user/user_handler: who handles this user — the administrators of their group. */
export const userHandlerSchema = z.object({
  group_name: z.string().nullable(),
  handlers: z.array(z.object({ id: z.number().int(), user_name: z.string(), real_name: z.string().nullable(), email: z.string().nullable() })),
});

/** POST /user/bind_cloud */
export const bindCloudSchema = z.object({ status: z.number().int() });

/**
 * Access records (spec §3 "Access record: id"): the networks a user signs in from, named by them.
 * With login security's restrict_networks on, they are the only networks a sign-in is accepted from.
 */
export const accessRecordSchema = z.object({
  id: z.number().int(),
  user_name: z.string(),
  name: z.string(),
  network: z.string(),
  note: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type AccessRecord = z.infer<typeof accessRecordSchema>;
export const accessRecordListSchema = listSchema(accessRecordSchema);
export const accessRecordQuerySchema = pageQuerySchema
  .extend({ field_lk_name: z.string().trim().max(60).optional(), field_eq_user_name: z.string().trim().min(1).max(60).optional() })
  .strict();
export const accessRecordInputSchema = z
  .object({
    name: z.string().trim().min(1).max(60),
    network: z.string().trim().min(1, profileMessages.cidrInvalid).max(50),
    note: z.string().trim().max(200).optional(),
  })
  .strict();
export const accessRecordPatchSchema = accessRecordInputSchema.partial().strict();
export type AccessRecordInput = z.infer<typeof accessRecordInputSchema>;

/** POST /keystone/cloud/token */
export const cloudTokenSchema = z.object({ token: z.string(), expires_at: z.string(), cookie_name: z.string(), cookie_domain: z.string() });
