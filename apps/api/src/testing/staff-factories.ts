import type { StaffRole } from "@quire/contracts";
import type { Db } from "../db/client";
import { hashPassword } from "../modules/identity/passwords";
import { startStaffSession } from "../modules/staff/staff-auth.service";
import { insertStaffMember } from "../modules/staff/staff.repository";
import { TEST_PASSWORD } from "./identity-factories";

/** A member of staff with TEST_PASSWORD, straight into the table (the invitation's path has its own tests). */
export async function createStaffMember(
  db: Db,
  input: { storeId: number; email: string; role: StaffRole; name?: string; password?: string },
) {
  return insertStaffMember(db, {
    storeId: input.storeId,
    email: input.email,
    name: input.name ?? input.email.split("@")[0]!,
    role: input.role,
    passwordHash: await hashPassword(input.password ?? TEST_PASSWORD),
  });
}

/** A member of staff and the bearer token of a session of theirs. */
export async function createSignedInStaff(db: Db, input: { storeId: number; email: string; role: StaffRole }) {
  const staff = await createStaffMember(db, input);
  const session = await startStaffSession(db, staff, "test");
  return { staff, token: session.token };
}
