import { countries, countryCodeOf } from '@ledgerline/rules/countries';
import { displayPhone } from '@ledgerline/rules/phone';
import type { SelectOption } from '@ledgerline/ui';
import type { Profile } from '../../../api/profileQuery';

/** The profile's editable fields, as the contract names them (ProfileUpdate). */
export type ProfileFieldName =
  | 'fullname'
  | 'phone'
  | 'country'
  | 'address'
  | 'maritalStatus'
  | 'gender'
  | 'investmentGoal';

/** A row of Personal Information, in the tab's fixed order; `edits` is the field it opens. */
export const personalRows: readonly {
  label: string;
  value: (profile: Profile) => string | undefined;
  edits: ProfileFieldName;
}[] = [
  { label: 'Full Name', value: (profile) => profile.fullname, edits: 'fullname' },
  // The email cannot be changed here: its row opens the form at the first field.
  { label: 'Email', value: (profile) => profile.email, edits: 'fullname' },
  {
    label: 'Phone Number',
    value: (profile) => profile.phone && displayPhone(profile.phone, countryCodeOf(profile.country ?? '')),
    edits: 'phone',
  },
  { label: 'Address', value: (profile) => profile.address, edits: 'address' },
  { label: 'Country', value: (profile) => profile.country, edits: 'country' },
  { label: 'Marital Status', value: (profile) => profile.maritalStatus, edits: 'maritalStatus' },
  { label: 'Gender', value: (profile) => profile.gender, edits: 'gender' },
  { label: 'Investment Goal', value: (profile) => profile.investmentGoal, edits: 'investmentGoal' },
];

/** The profile stores the country's name (contract), so the name is both value and label. */
export const countryOptions: readonly SelectOption[] = countries.map(({ label }) => ({
  value: label,
  label,
}));

export const maritalStatusOptions: readonly SelectOption[] = [
  { value: 'single', label: 'Single' },
  { value: 'married', label: 'Married' },
  { value: 'divorced', label: 'Divorced' },
  { value: 'widowed', label: 'Widowed' },
];

export const genderOptions: readonly SelectOption[] = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'other', label: 'Other' },
];

/** What Personal Information shows for an empty value. */
export const unknownValue = 'unknown';
