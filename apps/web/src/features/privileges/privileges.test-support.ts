import type { Privilege, PrivilegeAnswer, SurveyQuestion } from '@kartu/contracts';

/** Contract-shaped perks and answers for page tests; override only what the test is about. */
export const privilegeCardId = 'card00000000000000000001';

/** A voucher perk open to the member: two Free Kopi vouchers, to the end of the year. */
export function voucherPrivilegeOf(overrides: Partial<Privilege> = {}): Privilege {
  return {
    id: 'perk-kopi',
    cardId: privilegeCardId,
    kind: 'voucher',
    title: 'Free Kopi for Gold members',
    description: 'Two cups on us, any outlet.',
    terms: 'One claim per member. Vouchers are valid for 30 days.',
    state: 'available',
    lock: null,
    startsAt: '2026-12-01T12:00:00.000Z',
    endsAt: '2026-12-31T12:00:00.000Z',
    voucher: { templateId: 'tpl-kopi', name: 'Free Kopi', quantity: 2 },
    rewardPoints: null,
    unit: 'POINT',
    questions: [],
    latestAnswer: null,
    ...overrides,
  };
}

export function questionOf(overrides: Partial<SurveyQuestion> = {}): SurveyQuestion {
  return { name: 'favourite', label: 'Your favourite drink', type: 'text', required: true, ...overrides };
}

/** The survey's four questions: a text, a day, one choice and several. */
export const surveyQuestions: SurveyQuestion[] = [
  questionOf(),
  questionOf({ name: 'visited', label: 'When did you last visit?', type: 'date', required: false }),
  questionOf({ name: 'outlet', label: 'Which outlet do you visit most?', type: 'single', options: ['Senayan', 'Kemang', 'Bintaro'] }),
  questionOf({ name: 'times', label: 'When do you come?', type: 'multiple', required: false, options: ['Morning', 'Afternoon', 'Evening'] }),
];

/** A survey perk open to the member: 100 points once the answer is approved. */
export function surveyPrivilegeOf(overrides: Partial<Privilege> = {}): Privilege {
  return voucherPrivilegeOf({
    id: 'perk-survey',
    kind: 'survey',
    title: 'Tell us about your coffee',
    description: 'Five questions, two minutes.',
    terms: null,
    voucher: null,
    rewardPoints: 100,
    questions: surveyQuestions,
    ...overrides,
  });
}

export function answerOf(overrides: Partial<PrivilegeAnswer> = {}): PrivilegeAnswer {
  return {
    id: 'answer-1',
    privilegeId: 'perk-survey',
    state: 'pending',
    answers: { favourite: 'Kopi Susu', visited: '2026-12-05', outlet: 'Kemang', times: ['Morning', 'Evening'] },
    submittedAt: '2026-12-10T12:00:00.000Z',
    reviewedAt: null,
    note: null,
    ...overrides,
  };
}
