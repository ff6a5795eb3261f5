import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { bearer, makeOrganization, makeUser, signInAs, tokenFor } from '../test/sign-in.ts';
import { authorizeUrl } from '../identity/test-client.ts';
import { mailsTo } from '../modules/users/test-helpers.ts';
import { findUserByEmail } from '../modules/users/users.repository.ts';
import { translatorFor } from './index.ts';

/** Issue 10: each user has a language, and the server writes to them in it. */
describe('the reader’s language on the server', () => {
  let t: TestApp;
  let orgId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    orgId = (await makeOrganization(t.app, 'বিদ্যালয় Academy')).id;
  });
  afterAll(() => t.close());

  describe('profile language', () => {
    it('is English by default, saved by the picker and by PUT /auth/profile, and refused when unknown', async () => {
      const { user, headers } = await signInAs(t.app, 'Teacher', orgId);
      const get = async () =>
        (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers })).json().user.language;
      expect(await get()).toBe('en');

      const picked = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/profile/language',
        headers,
        payload: { language: 'th' },
      });
      expect(picked.statusCode).toBe(200);
      expect(picked.json().user.language).toBe('th');
      expect(await get()).toBe('th');

      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers,
        payload: { firstName: 'Ada', lastName: 'Lovelace', email: user.email, language: 'bn' },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().user.language).toBe('bn');
      // Leaving the language out keeps it.
      await t.app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers,
        payload: { firstName: 'Ada', lastName: 'Byron', email: user.email },
      });
      expect(await get()).toBe('bn');

      const wrong = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/profile/language',
        headers,
        payload: { language: 'de' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(await get()).toBe('bn');
    });
  });

  describe('mail in the recipient’s language', () => {
    it('invites in the inviter’s language when none is chosen, and in the chosen one otherwise', async () => {
      const admin = await makeUser(t.app, 'Administrator', orgId, { language: 'bn', name: 'রহিম' });
      const headers = bearer(await tokenFor(t.app, admin));
      const bn = translatorFor('bn');

      const email = 'shikkharthi@example.test';
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers,
        payload: { name: 'করিম', email, role: 'Student' },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().language).toBe('bn');
      const [mail] = await mailsTo(t.app, email);
      expect(mail!.subject).toBe('আপনাকে vbuilder-এ বিদ্যালয় Academy-এ যোগ দিতে আমন্ত্রণ জানানো হয়েছে');
      expect(mail!.text).toContain('প্রিয় করিম,');
      expect(mail!.text).toContain('রহিম বিদ্যালয় Academy-এ আপনার জন্য শিক্ষার্থী ভূমিকায়');
      expect(mail!.text).toContain(bn('mail:invitation.action'));
      expect(mail!.html).toContain('<html lang="bn" dir="ltr">');
      // The link opens the password page in Bengali too.
      expect(mail!.text).toMatch(/\/resetpassword\?token=[\w-]+&invite=1&lng=bn/);
      expect(mail!.html).toContain(bn('mail:buttonFallback'));
      expect(mail!.html).not.toContain('If the button does not work');
      expect(mail!.text).not.toMatch(/Hello|invited|Choose my password|expires/);
      expect(mail!.text).toContain('৭২ ঘণ্টা');

      const chosen = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers,
        payload: { name: 'Somchai', email: 'somchai@example.test', role: 'Student', language: 'th' },
      });
      expect(chosen.json().language).toBe('th');
      const [thai] = await mailsTo(t.app, 'somchai@example.test');
      expect(thai!.subject).toBe('คุณได้รับเชิญให้เข้าร่วม বিদ্যালয় Academy บน vbuilder');
      expect(thai!.html).toContain('<html lang="th"');
    });

    it('mails a Bengali user’s password reset in Bengali', async () => {
      const user = await makeUser(t.app, 'Student', orgId, { language: 'bn' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/forgot-password',
        payload: { email: user.email },
      });
      expect(res.statusCode).toBeLessThan(300);
      const [mail] = await mailsTo(t.app, user.email);
      expect(mail!.subject).toBe('আপনার vbuilder পাসওয়ার্ড রিসেট করুন');
      expect(mail!.text).toContain('আমরা আপনার vbuilder অ্যাকাউন্টের পাসওয়ার্ড রিসেট করার একটি অনুরোধ পেয়েছি।');
      expect(mail!.text).toContain('২ ঘণ্টা পর');
      expect(mail!.html).toContain('lang="bn"');
    });

    it('signs up in the browser’s language and sends the activation mail in it', async () => {
      const email = 'khmer.signup@example.test';
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/sign-up',
        payload: { name: 'សុខា', email, password: 'A-long-enough-passw0rd!', language: 'km' },
      });
      expect(res.statusCode).toBeLessThan(300);
      expect((await findUserByEmail(t.app.db, email))!.language).toBe('km');
      const [mail] = await mailsTo(t.app, email);
      expect(mail!.subject).toBe('បើកដំណើរការគណនី vbuilder របស់អ្នក');
      expect(mail!.html).toContain('lang="km"');
    });

    it('imports students in the language of their row, else the one asked for, else the importer’s', async () => {
      const admin = await makeUser(t.app, 'Administrator', orgId, { language: 'zh' });
      const headers = bearer(await tokenFor(t.app, admin));
      const csv =
        'name,email,language\nMya,mya@example.test,မြန်မာ\nBudi,budi@example.test,id\nLan,lan@example.test,\n';
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'people.csv');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/import',
        headers: { ...headers, 'content-type': request.headers.get('content-type')! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().created).toHaveLength(3);
      const language = async (email: string) => (await findUserByEmail(t.app.db, email))!.language;
      expect(await language('mya@example.test')).toBe('my');
      expect(await language('budi@example.test')).toBe('id');
      expect(await language('lan@example.test')).toBe('zh');
      expect((await mailsTo(t.app, 'lan@example.test'))[0]!.subject).toContain('您受邀加入');
    });
  });

  describe('API error messages', () => {
    it('are in the signed-in user’s language, whatever the browser says', async () => {
      const user = await makeUser(t.app, 'Administrator', orgId, { language: 'th' });
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/users/00000000-0000-4000-8000-000000000000',
        headers: { ...bearer(await tokenFor(t.app, user)), 'accept-language': 'en-US' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'not_found',
        message: translatorFor('th')('errors:not_found'),
      });
    });

    it('follow the picker’s cookie, then Accept-Language, for a caller who is not signed in', async () => {
      const cookie = await t.app.inject({
        method: 'GET',
        url: '/api/auth/profile',
        headers: { cookie: 'vbuilder_lang=km', 'accept-language': 'th' },
      });
      expect(cookie.statusCode).toBe(401);
      expect(cookie.json().message).toBe(translatorFor('km')('errors:unauthorized'));

      const invalid = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/forgot-password',
        headers: { 'accept-language': 'de-DE, zh-CN;q=0.8' },
        payload: { email: 'not an email' },
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toMatchObject({
        code: 'validation_error',
        message: translatorFor('zh')('errors:validation_error'),
      });

      const english = await t.app.inject({ method: 'GET', url: '/api/auth/profile' });
      expect(english.json().message).toBe('Authentication required');
    });
  });

  describe('identity provider pages', () => {
    it('are written in the language of the picker’s cookie', async () => {
      const url = authorizeUrl(t.app, { redirectUri: 'https://evil.example/auth/callback' });
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: 'vbuilder_lang=th' } });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('<html lang="th" dir="ltr">');
      expect(res.body).toContain('เราไม่สามารถดำเนินการตามคำขอนี้ได้');
      expect(res.body).toContain('กลับไปที่ vbuilder');
      expect(res.body).toContain('redirect_uri');

      const accepted = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'my-MM' } });
      expect(accepted.body).toContain('<html lang="my"');
      expect(accepted.body).toContain(translatorFor('my')('identity:error.heading'));
    });
  });
});
