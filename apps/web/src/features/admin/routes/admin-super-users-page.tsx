import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { STAFF_ROLES, staffMessages, type StaffRole, type StaffUser } from '@careslot/contracts/staff';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField, TextField } from '../../../components/ui/field';
import { PasswordField } from '../../../components/ui/password-field';
import { addStaffUser, deleteStaffUser, staffUsers, updateStaffRole } from '../api/staff-api';
import { AdminShell } from '../components/admin-shell';
import styles from '../components/admin.module.css';

const messageOf = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

function RoleOptions() {
  return (
    <>
      <option value="">Select a role</option>
      {STAFF_ROLES.map((r) => (
        <option key={r} value={r}>
          {r}
        </option>
      ))}
    </>
  );
}

/** Super Users (docs/staff-admin.md): the staff list, Add New User, Edit User Role and delete. */
export default function AdminSuperUsersPage() {
  const client = useQueryClient();
  const q = useQuery({ queryKey: ['staff', 'users'], queryFn: staffUsers });
  const refresh = () => void client.invalidateQueries({ queryKey: ['staff', 'users'] });

  const [adding, setAdding] = useState(false);
  const [form, setForm] = useState({ email: '', role: '', password: '' });
  const [addError, setAddError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: addStaffUser,
    onSuccess: (r) => {
      toast.success(r.message);
      setAdding(false);
      setForm({ email: '', role: '', password: '' });
      refresh();
    },
    onError: (err) => {
      toast.error(messageOf(err, 'Something went wrong.'));
      setAddError(staffMessages.addFailed);
    },
  });
  const submitAdd = (e: FormEvent) => {
    e.preventDefault();
    if (!form.email.trim() || !form.role || !form.password) {
      setAddError(staffMessages.allFieldsRequired);
      return;
    }
    setAddError(null);
    add.mutate(form);
  };

  const [editing, setEditing] = useState<StaffUser | null>(null);
  const [role, setRole] = useState<string>('');
  const [roleError, setRoleError] = useState<string | null>(null);
  const update = useMutation({
    mutationFn: (v: { id: string; role: StaffRole }) => updateStaffRole(v.id, v.role),
    onSuccess: () => {
      toast.success(staffMessages.roleUpdated);
      setEditing(null);
      refresh();
    },
    onError: (err) => {
      toast.error(messageOf(err, staffMessages.roleUpdateFailed));
      setRoleError(staffMessages.roleUpdateFailed);
    },
  });
  const submitRole = (e: FormEvent) => {
    e.preventDefault();
    if (!role) {
      setRoleError(staffMessages.selectRole);
      return;
    }
    setRoleError(null);
    update.mutate({ id: editing!.id, role: role as StaffRole });
  };

  const [deleting, setDeleting] = useState<StaffUser | null>(null);
  const remove = useMutation({
    mutationFn: deleteStaffUser,
    onSuccess: (r) => {
      toast.success(r.message);
      refresh();
    },
    onError: (err) => toast.error(messageOf(err, 'Something went wrong. Try again.')),
    onSettled: () => setDeleting(null),
  });

  const users = q.data?.data ?? [];
  return (
    <AdminShell title="Super Users">
      <p>
        <Button
          onClick={() => {
            setAddError(null);
            setAdding(true);
          }}
        >
          Add New User
        </Button>
      </p>
      {q.error && <Alert tone="error">{q.error.message}</Alert>}
      {q.data && users.length === 0 && <p>{staffMessages.noStaff}</p>}
      {users.length > 0 && (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Staff users table">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Email Address</th>
                <th scope="col">Role</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {users.map((u, i) => (
                <tr key={u.id}>
                  <td>{i + 1}</td>
                  <td>{u.email}</td>
                  <td>{u.role}</td>
                  <td>
                    <div className={styles.actions}>
                      <Button
                        variant="secondary"
                        aria-label={`Edit role of ${u.email}`}
                        onClick={() => {
                          setRole(u.role);
                          setRoleError(null);
                          setEditing(u);
                        }}
                      >
                        Edit role
                      </Button>
                      <Button variant="danger" aria-label={`Delete ${u.email}`} onClick={() => setDeleting(u)}>
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Dialog open={adding} onOpenChange={setAdding} title="Add New Super User" size="medium">
        <form onSubmit={submitAdd} noValidate>
          {addError && <Alert tone="error">{addError}</Alert>}
          <TextField
            label="Email Address"
            type="email"
            autoComplete="off"
            value={form.email}
            onChange={(e) => setForm({ ...form, email: e.target.value })}
          />
          <SelectField label="Role" value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value })}>
            <RoleOptions />
          </SelectField>
          <PasswordField
            label="Password"
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => setForm({ ...form, password: e.target.value })}
          />
          <div className="dialog-footer">
            <Button variant="secondary" onClick={() => setAdding(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add User
            </Button>
          </div>
        </form>
      </Dialog>

      <Dialog open={!!editing} onOpenChange={(o) => !o && setEditing(null)} title="Edit User Role" size="medium">
        <form onSubmit={submitRole} noValidate>
          <TextField label="Email Address" value={editing?.email ?? ''} readOnly />
          <SelectField label="Role" value={role} error={roleError ?? undefined} onChange={(e) => setRole(e.target.value)}>
            <RoleOptions />
          </SelectField>
          <div className="dialog-footer">
            <Button type="submit" loading={update.isPending}>
              Update Role
            </Button>
          </div>
        </form>
      </Dialog>

      <Dialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={staffMessages.deleteQuestion}
        description={deleting?.email}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              No
            </Button>
            <Button variant="danger" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting)}>
              Yes
            </Button>
          </>
        }
      />
    </AdminShell>
  );
}
