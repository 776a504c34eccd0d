import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { bankFieldErrors, type BankAccount } from '@careslot/contracts/bank-accounts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useAddBankAccount, useEditBankAccount } from '../api/bank-api';
import type { ProviderIdentity } from '../api/provider-api';
import styles from './bank.module.css';
import ws from './workspace.module.css';

interface Values {
  name: string;
  account_number: string;
  sort_code: string;
  routing_number: string;
  is_primary: boolean;
}

/**
 * The bank details modal, for adding an account or editing one. UK: sort code and 8-digit account number; USA: routing
 * number and account number. Formats are checked here; the bank checks (modulus, duplicates) by the server. The
 * saved number is never shown again: leave it empty to keep it.
 */
export function BankDetailsDialog({
  who,
  open,
  account,
  onClose,
}: {
  who: ProviderIdentity;
  open: boolean;
  /** null: a new account. */
  account: BankAccount | null;
  onClose: () => void;
}) {
  const add = useAddBankAccount(who);
  const edit = useEditBankAccount(who);
  const [formError, setFormError] = useState<string | null>(null);
  const uk = who.region !== 'usa';
  // The page mounts a fresh dialog for each account (key), so the defaults are that account's.
  const { register, handleSubmit, setError, formState } = useForm<Values>({
    defaultValues: {
      name: account?.name ?? '',
      account_number: '',
      sort_code: account?.sort_code ?? '',
      routing_number: account?.routing_number ?? '',
      is_primary: account?.is_primary ?? false,
    },
  });
  const e = formState.errors;

  const onSubmit = handleSubmit(async (v) => {
    setFormError(null);
    const fields = {
      name: v.name,
      account_number: v.account_number,
      ...(uk ? { sort_code: v.sort_code } : { routing_number: v.routing_number }),
    };
    const problems = bankFieldErrors(who.region, fields, !!account);
    if (Object.keys(problems).length) {
      for (const [k, message] of Object.entries(problems)) setError(k as keyof Values, { type: 'format', message });
      return;
    }
    try {
      if (account) {
        await edit.mutateAsync({
          unique_id: account._id,
          name: v.name,
          account_number: v.account_number,
          ...(uk ? { sort_code: v.sort_code } : { routing_number: v.routing_number }),
          ...(v.is_primary && !account.is_primary ? { is_primary: true } : {}),
        });
      } else {
        await add.mutateAsync({ ...fields, is_primary: v.is_primary });
      }
      onClose();
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['name', 'account_number', 'sort_code', 'routing_number']));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && !(add.isPending || edit.isPending) && onClose()}
      title={account ? 'Edit bank details' : 'Bank details'}
      description={
        account ? `Account ${account.account_number}. Leave the account number empty to keep it.` : 'Where we pay what patients pay you.'
      }
      size="medium"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={add.isPending || edit.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="bank-details-form" loading={add.isPending || edit.isPending}>
            {account ? 'Save changes' : 'Add account'}
          </Button>
        </>
      }
    >
      <form id="bank-details-form" className={ws.stack} onSubmit={onSubmit} noValidate>
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextField label="Account holder name" autoComplete="name" required error={e.name?.message} {...register('name')} />
        {uk ? (
          <TextField
            label="Sort code"
            inputMode="numeric"
            placeholder="12-34-56"
            autoComplete="off"
            required
            error={e.sort_code?.message}
            {...register('sort_code')}
          />
        ) : (
          <TextField
            label="Routing number"
            inputMode="numeric"
            placeholder="9 digits"
            autoComplete="off"
            required
            error={e.routing_number?.message}
            {...register('routing_number')}
          />
        )}
        <TextField
          label="Account number"
          inputMode="numeric"
          autoComplete="off"
          required={!account}
          placeholder={account ? account.account_number : uk ? '8 digits' : '4 to 17 digits'}
          hint={account ? 'Leave empty to keep the saved number.' : undefined}
          error={e.account_number?.message}
          {...register('account_number')}
        />
        {!account?.is_primary && (
          <label className={styles.check}>
            <input type="checkbox" {...register('is_primary')} />
            <span>Make this my primary account</span>
          </label>
        )}
      </form>
    </Dialog>
  );
}
