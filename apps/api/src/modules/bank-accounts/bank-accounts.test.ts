/** Bank accounts through the API: checks per region, masking, encryption at rest, exactly one primary, the sole-account rule. */
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankFieldErrors, bankMessages, formatSortCode, isValidRoutingNumber, type BankAccount } from '@careslot/contracts/bank-accounts';
import { maskAccountNumber } from '@careslot/contracts/masks';
import { bankAccounts } from '../../db/schema/providers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { newProvider, type TestProvider } from '../availability/availability.test-helpers';
import { passesUkModulusCheck } from './bank-checks';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    seed: { providersPerRegion: 2, days: 2 },
    env: { LOG_LEVEL: 'trace', DATA_ENCRYPTION_KEY: '5e'.repeat(32) },
    logStream: new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  });
}, 120_000);
afterAll(async () => t?.close());

const path = (p: TestProvider) => `/provider/provider-bank-details/${p.id}/`;
const list = async (p: TestProvider) => {
  const res = await t.app.inject({ url: `${path(p)}?providerRegion=${p.region}`, headers: p.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Bank_details as BankAccount[];
};
const add = (p: TestProvider, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: path(p), headers: p.auth, payload: { providerRegion: p.region, name: 'Dr Test', ...body } });
const edit = (p: TestProvider, body: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: path(p), headers: p.auth, payload: { providerRegion: p.region, ...body } });
const remove = (p: TestProvider, id: string) =>
  t.app.inject({ method: 'DELETE', url: `${path(p)}?providerRegion=${p.region}`, headers: p.auth, payload: { unique_id: id } });

describe('the checks (unit)', () => {
  it('UK: Vocalink modulus rules through the library', () => {
    expect(passesUkModulusCheck('08-99-99', '66374958')).toBe(true);
    expect(passesUkModulusCheck('107999', '88837491')).toBe(true);
    expect(passesUkModulusCheck('118765', '64371389')).toBe(true);
    expect(passesUkModulusCheck('089999', '66374959')).toBe(false);
    expect(passesUkModulusCheck('203099', '66831036')).toBe(false);
  });

  it('USA: the ABA routing number checksum', () => {
    for (const ok of ['011000015', '021000021', '026009593', '121000358']) expect(isValidRoutingNumber(ok)).toBe(true);
    for (const bad of ['123456789', '021000022', '02100002', 'abcdefghi', '']) expect(isValidRoutingNumber(bad)).toBe(false);
  });

  it('field messages per region; masks hide the first four digits', () => {
    expect(bankFieldErrors('uk', { name: 'A', account_number: '1234', sort_code: '12-34' })).toEqual({
      name: bankMessages.name,
      sort_code: bankMessages.sortCode,
      account_number: bankMessages.ukAccountNumber,
    });
    expect(bankFieldErrors('usa', { name: 'Ann Lee', account_number: '123', routing_number: '123456789' })).toEqual({
      routing_number: bankMessages.routingChecksum,
      account_number: bankMessages.usAccountNumber,
    });
    expect(bankFieldErrors('usa', { name: 'Ann Lee', account_number: '1234567890123', routing_number: '021000021' })).toEqual({});
    expect(bankFieldErrors('uk', { name: 'Renamed' }, true)).toEqual({});
    expect(maskAccountNumber('66374958')).toBe('XXXX4958');
    expect(maskAccountNumber('1234567890123')).toBe('XXXX567890123');
    expect(formatSortCode('089999')).toBe('08-99-99');
  });
});

describe('UK accounts', () => {
  it('adds, masks, encrypts at rest, and keeps exactly one primary', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    const first = await add(p, { name: 'Dr Ada Test', sort_code: '08-99-99', account_number: '6637 4958', is_primary: false });
    expect(first.statusCode, first.body).toBe(201);
    // The first account is primary whatever was asked.
    expect(first.json().data).toMatchObject({
      account_number: 'XXXX4958',
      name: 'Dr Ada Test',
      is_primary: true,
      label: 'Primary',
      sort_code: '08-99-99',
    });
    const second = await add(p, { sort_code: '107999', account_number: '88837491' });
    expect(second.json().data).toMatchObject({ is_primary: false, label: 'Secondary', account_number: 'XXXX7491' });
    const third = await add(p, { sort_code: '118765', account_number: '64371389', is_primary: true });
    expect(third.json().data.is_primary).toBe(true);
    const accounts = await list(p);
    expect(accounts.map((a) => [a.account_number, a.label])).toEqual([
      ['XXXX1389', 'Primary'],
      ['XXXX4958', 'Secondary'],
      ['XXXX7491', 'Secondary'],
    ]);

    // At rest: only ciphertext; nothing anywhere holds the number.
    const rows = await t.app.db.select().from(bankAccounts).where(eq(bankAccounts.provider_id, p.id));
    for (const row of rows) {
      expect(JSON.stringify(row)).not.toMatch(/66374958|88837491|64371389/);
      expect(row.account_number_encrypted).toMatch(/^v1\./);
    }
    expect(logLines.join('')).not.toMatch(/66374958|6637 4958|88837491|64371389/);

    // Making another primary demotes the old one in the same step.
    const second_id = second.json().data._id;
    const made = await edit(p, { unique_id: second_id, is_primary: true });
    expect(made.statusCode, made.body).toBe(200);
    expect((await list(p)).map((a) => [a._id === second_id, a.is_primary])).toEqual([
      [true, true],
      [false, false],
      [false, false],
    ]);
    const unprimary = await edit(p, { unique_id: second_id, is_primary: false });
    expect(unprimary.statusCode).toBe(409);
    expect(unprimary.json().message).toBe(bankMessages.keepOnePrimary);
  });

  it('refuses numbers that fail the checks, naming the field, and the same account twice', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    const modulus = await add(p, { sort_code: '089999', account_number: '66374959' });
    expect(modulus.statusCode).toBe(400);
    expect(modulus.json()).toMatchObject({ message: bankMessages.modulus, fields: { account_number: bankMessages.modulus } });
    const shape = await add(p, { sort_code: '0899', account_number: '6637495' });
    expect(shape.json().fields).toEqual({ sort_code: bankMessages.sortCode, account_number: bankMessages.ukAccountNumber });
    expect((await add(p, { account_number: '66374958' })).json().fields).toEqual({ sort_code: bankMessages.sortCode });
    expect((await add(p, { name: ' ', sort_code: '089999', account_number: '66374958' })).json().fields).toEqual({
      name: bankMessages.name,
    });
    expect((await add(p, { sort_code: '089999', account_number: '66374958' })).statusCode).toBe(201);
    const twice = await add(p, { sort_code: '08-99-99', account_number: '66374958' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(bankMessages.duplicate);
    expect(logLines.join('')).not.toMatch(/66374959|6637495[^8]/);
  });

  it('edits the holder and the number (checked again), keeping the saved number when none is sent', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    const id = (await add(p, { sort_code: '089999', account_number: '66374958' })).json().data._id;
    const renamed = await edit(p, { unique_id: id, name: 'Dr Renamed', account_number: '' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Dr Renamed', account_number: 'XXXX4958' });
    // A new sort code alone is checked against the saved number.
    expect((await edit(p, { unique_id: id, sort_code: '107999' })).json().message).toBe(bankMessages.modulus);
    const moved = await edit(p, { unique_id: id, sort_code: '107999', account_number: '88837491' });
    expect(moved.json().data).toMatchObject({ sort_code: '10-79-99', account_number: 'XXXX7491' });
    expect((await edit(p, { unique_id: '00000000-0000-4000-8000-000000000000', name: 'X Y' })).statusCode).toBe(404);
  });

  it('the sole account cannot be deleted; deleting the primary promotes the oldest other', async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    const a = (await add(p, { sort_code: '089999', account_number: '66374958' })).json().data._id;
    const sole = await remove(p, a);
    expect(sole.statusCode).toBe(409);
    expect(sole.json().message).toBe('You cannot delete this primary account, as there is no secondary accounts');
    const b = (await add(p, { sort_code: '107999', account_number: '88837491' })).json().data._id;
    const c = (await add(p, { sort_code: '118765', account_number: '64371389' })).json().data._id;
    const res = await remove(p, a);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { status: true } });
    expect((await list(p)).map((x) => [x._id, x.is_primary])).toEqual([
      [b, true],
      [c, false],
    ]);
    expect((await remove(p, c)).statusCode).toBe(200);
    expect((await remove(p, b)).statusCode).toBe(409);
    expect((await remove(p, a)).statusCode).toBe(404);
  });

  it("another provider's accounts are out of reach", async () => {
    const p = await newProvider(t.app, { clinics: 1 });
    const q = await newProvider(t.app, { clinics: 1 });
    const id = (await add(p, { sort_code: '089999', account_number: '66374958' })).json().data._id;
    expect((await t.app.inject({ url: `${path(p)}?providerRegion=uk`, headers: q.auth })).statusCode).toBe(403);
    expect((await edit(q, { unique_id: id, name: 'Thief' })).statusCode).toBe(404);
    expect((await remove(q, id)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${path(p)}?providerRegion=usa`, headers: p.auth })).statusCode).toBe(403);
  });
});

describe('USA accounts', () => {
  it('routing number with checksum and 4–17 digit account numbers', async () => {
    const p = await newProvider(t.app, { region: 'usa', clinics: 1 });
    const bad = await add(p, { routing_number: '123456789', account_number: '12' });
    expect(bad.json().fields).toEqual({ routing_number: bankMessages.routingChecksum, account_number: bankMessages.usAccountNumber });
    const ok = await add(p, { routing_number: '021000021', account_number: '000123456789' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({
      account_number: 'XXXX23456789',
      routing_number: '021000021',
      sort_code: null,
      is_primary: true,
    });
  });
});
