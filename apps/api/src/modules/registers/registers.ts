import type { Config } from '../../config';
import type { Queryable } from '../../db/client';
import { npiRegister } from './npi.register';
import type { Registers } from './registers.types';
import { sandboxRegister } from './sandbox.register';
import { urlRegister } from './url.register';

/** The register behind each regulator, chosen from the config (docs/providers-onboarding.md, "Registers"). */
export function createRegisters(
  config: Pick<Config, 'PROVIDER_REGISTERS' | 'NPI_REGISTRY_URL' | 'GMC_REGISTER_URL' | 'GDC_REGISTER_URL' | 'REGISTER_TIMEOUT_MS'>,
  db: Queryable,
  fetchImpl?: typeof fetch,
): Registers {
  const table = sandboxRegister(db, config.PROVIDER_REGISTERS === 'sandbox' ? 'sandbox' : 'register-table');
  const timeoutMs = config.REGISTER_TIMEOUT_MS;
  return {
    gmc: config.GMC_REGISTER_URL ? urlRegister({ url: config.GMC_REGISTER_URL, label: 'GMC', timeoutMs, fetchImpl }) : table,
    gdc: config.GDC_REGISTER_URL ? urlRegister({ url: config.GDC_REGISTER_URL, label: 'GDC', timeoutMs, fetchImpl }) : table,
    npi: config.PROVIDER_REGISTERS === 'live' ? npiRegister({ baseUrl: config.NPI_REGISTRY_URL, timeoutMs, fetchImpl }) : table,
  };
}
