import type { FieldIssue, RegistrationField as FormField } from '@kartu/contracts';
import { isCalendarDate, isFilled, isValidEmail, isValidPhone } from '@kartu/core';
import { AppError } from '../../lib/app-error.ts';
import { getProgram } from '../programs/programs.service.ts';
import type { RegistrationField } from '../programs/programs.table.ts';
import { updateRegisteredData } from './card-wallet.repository.ts';
import { getMemberCard, type MemberCardOptions } from '../card-access/card-access.service.ts';

/** 'birthday' → 'Birthday', 'fullName' → 'Full name': programs name their fields, the form shows labels. */
export function fieldLabel(name: string): string {
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The program's form as the card page shows it; phone and number fields are typed as text. */
export function toFormFields(fields: RegistrationField[]): FormField[] {
  return fields.map((field) => ({
    name: field.name,
    label: fieldLabel(field.name),
    type: field.type === 'phone' || field.type === 'number' ? 'text' : field.type,
    required: field.required,
    ...(field.options && { options: field.options }),
  }));
}

/** Registered once every required field has an answer; a program without a form needs nothing. */
export function isRegistrationComplete(fields: RegistrationField[], answers: Record<string, string>): boolean {
  if (fields.length === 0) return true;
  if (Object.keys(answers).length === 0) return false;
  return fields.every((field) => !field.required || isFilled(answers[field.name]));
}

/** A real calendar day written YYYY-MM-DD, no later than today in UTC (birthdays and the like). */
function isPastDate(value: string, now: Date): boolean {
  return isCalendarDate(value) && value <= now.toISOString().slice(0, 10);
}

function issueOf(field: RegistrationField, value: string | undefined, now: Date): FieldIssue | undefined {
  const path = `body.answers.${field.name}`;
  const label = fieldLabel(field.name);
  if (!isFilled(value)) {
    // spec: app-core §5 — 'Please fill the {field}.'
    return field.required ? { field: path, rule: 'required', message: `Please fill the ${label}.` } : undefined;
  }
  const text = (value ?? '').trim();
  const valid =
    field.type === 'email'
      ? isValidEmail(text)
      : field.type === 'date'
        ? isPastDate(text, now)
        : field.type === 'phone'
          ? isValidPhone(text)
          : field.type === 'number'
            ? /^\d+$/.test(text)
            : field.type === 'select'
              ? (field.options ?? []).includes(text)
              : true;
  // spec: app-core §5 — 'Please input the correct {field}'
  return valid ? undefined : { field: path, rule: 'invalid_format', message: `Please input the correct ${label}` };
}

/**
 * Checks the answers against the program's registration form and keeps the form's fields only.
 * Throws VALIDATION_FAILED with one detail per field in error.
 */
export function validateRegistration(fields: RegistrationField[], answers: Record<string, string>, now: Date): Record<string, string> {
  const issues = fields.flatMap((field) => issueOf(field, answers[field.name], now) ?? []);
  if (issues.length > 0) throw new AppError('VALIDATION_FAILED', { details: issues });
  return Object.fromEntries(fields.flatMap((field) => (isFilled(answers[field.name]) ? [[field.name, (answers[field.name] ?? '').trim()]] : [])));
}

/** Saves the member's answers to the card's registration form (spec: app-core §2 cards/{cardId}/register). */
export async function saveRegistration(options: MemberCardOptions & { answers: Record<string, string>; now: Date }): Promise<void> {
  const card = await getMemberCard(options);
  const { program } = await getProgram({ db: options.db, merchantId: card.merchantId, programId: card.programId });
  const registeredData = validateRegistration(program.registrationForm, options.answers, options.now);
  await updateRegisteredData(options.db, { cardId: card.id, registeredData, now: options.now });
}
