import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { answerIssuesOf, answerProblemOf, fieldErrorOf, issueOfFieldError, type AskedField } from './form-answers.ts';

const field = (overrides: Partial<AskedField> = {}): AskedField => ({ name: 'favourite', type: 'text', required: true, ...overrides });

describe('answerProblemOf', () => {
  it('asks for a required answer, in the words its control takes', () => {
    expect(answerProblemOf(field(), '   ')).toBe('required');
    expect(answerProblemOf(field({ type: 'select' }), '')).toBe('required');
    expect(answerProblemOf(field({ type: 'single' }), '')).toBe('chooseOne');
    expect(answerProblemOf(field({ type: 'multiple' }), [])).toBe('chooseSome');
    expect(answerProblemOf(field({ type: 'multiple', required: false }), [])).toBeNull();
    expect(answerProblemOf(field({ required: false }), undefined)).toBeNull();
  });

  it('takes at most 200 characters an answer, and each choice', () => {
    expect(answerProblemOf(field(), 'k'.repeat(200))).toBeNull();
    expect(answerProblemOf(field({ required: false }), 'k'.repeat(201))).toBe('tooLong');
    expect(answerProblemOf(field({ type: 'multiple' }), ['Morning', 'k'.repeat(201)])).toBe('tooLong');
  });

  it('takes an e-mail that is valid and a day that exists', () => {
    expect(answerProblemOf(field({ type: 'email' }), 'rani@')).toBe('emailInvalid');
    expect(answerProblemOf(field({ type: 'email' }), 'rani@kopi.id')).toBeNull();
    expect(answerProblemOf(field({ type: 'date' }), '2026-02-30')).toBe('dateInvalid');
    expect(answerProblemOf(field({ type: 'date' }), '5/12/2026')).toBe('dateInvalid');
    expect(answerProblemOf(field({ type: 'date' }), '2026-12-05')).toBeNull();
  });
});

describe('answerIssuesOf', () => {
  const fields = [field(), field({ name: 'visited', type: 'date' }), field({ name: 'outlet', type: 'single' }), field({ name: 'times', type: 'multiple' })];
  const refusal = (details: { field: string; rule: string; message: string }[]) =>
    new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: 'Some fields are not valid', details });

  it('reads the rules it words itself by the field they name, and keeps the server’s words for the others', () => {
    const error = refusal([
      { field: 'body.answers.outlet', rule: 'required', message: 'Please fill the Outlet.' },
      { field: 'body.answers.times', rule: 'not_offered', message: 'Choose from the options of Times' },
      { field: 'body.answers.visited', rule: 'invalid_date', message: 'Please input the correct Visited' },
      { field: 'body.answers.favourite', rule: 'invalid_format', message: 'Name must be letters only' },
      { field: 'body.answers.favourite', rule: 'too_long', message: 'Favourite is too long' },
      { field: 'body.answers.unknown', rule: 'required', message: 'Please fill the Unknown.' },
    ]);
    expect(answerIssuesOf(error, fields)).toEqual({
      outlet: { problem: 'chooseOne' },
      times: { problem: 'notOffered' },
      visited: { problem: 'dateInvalid' },
      favourite: { message: 'Name must be letters only' },
    });
  });

  it('reads nothing from any other error', () => {
    expect(answerIssuesOf(new ApiError({ status: 409, code: 'PERK_ALREADY_TAKEN', message: 'Taken' }), fields)).toEqual({});
    expect(answerIssuesOf(new Error('offline'), fields)).toEqual({});
  });

  it('goes to the form and back as its field errors', () => {
    for (const issue of [{ problem: 'tooLong' as const }, { message: 'Name must be letters only' }]) expect(issueOfFieldError(fieldErrorOf(issue))).toEqual(issue);
    expect(issueOfFieldError({ type: 'custom', message: 'required' })).toEqual({ problem: 'required' });
    expect(issueOfFieldError(undefined)).toBeUndefined();
  });
});
