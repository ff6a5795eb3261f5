import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profile } from './test/fixtures.ts';
import {
  clearAuthCookies,
  loadCookieUser,
  migrateLegacyUserCookie,
  parentDomain,
  readUserCookie,
  userCookieAttributes,
  writeUserCookie,
} from './user-cookie.ts';

const allCookies = () => Object.keys(Cookies.get());

describe('user_data cookie', () => {
  afterEach(() => {
    for (const name of allCookies()) Cookies.remove(name, { path: '/' });
    vi.restoreAllMocks();
  });

  it('lives 7 days', () => {
    const set = vi.spyOn(Cookies, 'set');
    writeUserCookie(profile());
    expect(set).toHaveBeenCalledWith(
      'user_data',
      expect.any(String),
      expect.objectContaining({ expires: 7 }),
    );
    expect(readUserCookie()).toEqual(profile());
  });

  it('is host-only and lax on localhost', () => {
    expect(userCookieAttributes('localhost')).toEqual({ expires: 7, path: '/', sameSite: 'Lax' });
  });

  it('is scoped to the parent domain, secure and SameSite=None elsewhere', () => {
    expect(userCookieAttributes('app.vbuilder.example')).toEqual({
      expires: 7,
      path: '/',
      secure: true,
      sameSite: 'None',
      domain: 'vbuilder.example',
    });
    expect(parentDomain('vbuilder.example')).toBe('vbuilder.example');
    expect(parentDomain('10.0.0.5')).toBeNull();
  });

  it('migrates an older user_details cookie to user_data', () => {
    Cookies.set('user_details', JSON.stringify(profile({ name: 'Legacy' })), { path: '/' });
    expect(migrateLegacyUserCookie()?.name).toBe('Legacy');
    expect(Cookies.get('user_details')).toBeUndefined();
    expect(readUserCookie()?.name).toBe('Legacy');
  });

  it('keeps a newer user_data over the legacy cookie, which is removed anyway', () => {
    writeUserCookie(profile({ name: 'Current' }));
    Cookies.set('user_details', JSON.stringify(profile({ name: 'Legacy' })), { path: '/' });
    expect(loadCookieUser()?.name).toBe('Current');
    expect(Cookies.get('user_details')).toBeUndefined();
  });

  it('drops an unreadable cookie', () => {
    Cookies.set('user_data', '{not json', { path: '/' });
    expect(loadCookieUser()).toBeNull();
    expect(Cookies.get('user_data')).toBeUndefined();
  });

  it('leaves out a huge inline image rather than the whole user', () => {
    writeUserCookie(profile({ profile_image: `data:image/png;base64,${'A'.repeat(5000)}` }));
    expect(readUserCookie()?.profile_image).toBeNull();
  });

  it('logout clears user_data, user_details, access_token and refresh_token', () => {
    writeUserCookie(profile());
    for (const name of ['user_details', 'access_token', 'refresh_token', 'vbuilder_lang']) {
      Cookies.set(name, 'x', { path: '/' });
    }
    clearAuthCookies();
    expect(allCookies()).toEqual(['vbuilder_lang']);
  });
});
