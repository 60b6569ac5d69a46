import type { Role, User } from "@audited-rag/core";
import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { addUser } from "../api/add-user";
import { getUsers } from "../api/get-users";
import { removeUser } from "../api/remove-user";

const message = (failure: unknown, fallback: string) => (failure instanceof ApiError ? failure.message : fallback);

/** Admins add people (admin or member) and remove them. */
export function UsersSection({ currentUserId }: { currentUserId: string }) {
  const [users, setUsers] = useState<User[]>([]);
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [role, setRole] = useState<Role>("member");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const nameId = useId();
  const passwordId = useId();
  const roleId = useId();

  const load = useCallback(() => {
    getUsers().then(setUsers, (failure: unknown) => setError(message(failure, "The users could not be loaded.")));
  }, []);
  useEffect(load, [load]);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const user = await addUser(name.trim(), password, role);
      setNotice(`Added ${user.role} ${user.name}.`);
      setName("");
      setPassword("");
      load();
    } catch (failure) {
      setError(message(failure, "The user could not be added."));
    }
  };

  const remove = async (user: User) => {
    setError(null);
    try {
      await removeUser(user.id);
      setNotice(`Removed ${user.name}.`);
      load();
    } catch (failure) {
      setError(message(failure, "The user could not be removed."));
    }
  };

  return (
    <section aria-labelledby="users-heading">
      <h3 id="users-heading">Users</h3>
      <p className="muted">Admins upload, delete and manage accounts; members ask questions and read documents.</p>
      <ul className="account-list" aria-label="Users">
        {users.map((user) => (
          <li key={user.id}>
            <span>
              <strong>{user.name}</strong> <span className="tag">{user.role}</span>
              {user.id === currentUserId ? " (you)" : ""}
            </span>
            <button type="button" className="button button--quiet button--danger" onClick={() => remove(user)}>
              Remove <span className="visually-hidden">{user.name}</span>
            </button>
          </li>
        ))}
      </ul>
      <form className="auth-form auth-form--inline" onSubmit={add} aria-label="Add a user">
        <label htmlFor={nameId}>New user name</label>
        <input id={nameId} value={name} required onChange={(event) => setName(event.target.value)} />
        <label htmlFor={passwordId}>Their password (at least 10 characters)</label>
        <input
          id={passwordId}
          type="password"
          autoComplete="new-password"
          minLength={10}
          value={password}
          required
          onChange={(event) => setPassword(event.target.value)}
        />
        <label htmlFor={roleId}>Role</label>
        <select id={roleId} value={role} onChange={(event) => setRole(event.target.value as Role)}>
          <option value="member">member (ask and read)</option>
          <option value="admin">admin (also upload, delete, manage users)</option>
        </select>
        <button type="submit" className="button">
          Add user
        </button>
      </form>
      {notice && <p role="status">{notice}</p>}
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
    </section>
  );
}
