import { ApiError, type Schemas } from '@ledgerline/api-client';
import { countryCodeOf } from '@ledgerline/rules/countries';
import { displayPhone, phoneE164 } from '@ledgerline/rules/phone';
import { Button, Dialog, toast } from '@ledgerline/ui';
import { api } from '../../../api/api';
import type { Profile } from '../../../api/profileQuery';
import { useChoiceForm } from '../../../forms/choiceForm';
import { invalidPhone, phoneHint } from '../../../forms/phoneRules';
import { submitHandler } from '../../../forms/submitHandler';
import { investmentGoalOptions, otherGoal } from '../../auth/investmentGoals';
import * as styles from './ProfileScreen.css';
import { countryOptions, genderOptions, maritalStatusOptions, type ProfileFieldName } from './profileFields';

const emptyForm = {
  fullname: '',
  phone: '',
  country: '',
  address: '',
  maritalStatus: '',
  gender: '',
  goalChoice: '',
  investmentGoal: '',
};

type ProfileForm = typeof emptyForm;

/** The id of a field's control, so the row that opened the dialog can focus its own field. */
export const profileFieldId = (name: ProfileFieldName) => `update-profile-${name}`;

/**
 * The country a phone number of the form is written in: the one chosen in the form, else the
 * profile's.
 */
const phoneCountryOf = (value: ProfileForm, profile: Profile) =>
  countryCodeOf(value.country || (profile.country ?? ''));

/**
 * Empty fields are left out of the payload; a phone number goes in E.164 (`+447700900123`), read in
 * the country it is written for.
 */
export function profileUpdateOf(value: ProfileForm, profile: Profile): Schemas['ProfileUpdate'] {
  const parts: Schemas['ProfileUpdate'] = {};
  for (const name of [
    'fullname',
    'phone',
    'country',
    'address',
    'maritalStatus',
    'gender',
    'investmentGoal',
  ] as const) {
    const text = value[name].trim();
    if (text) parts[name] = text;
  }
  if (parts.phone) parts.phone = phoneE164(parts.phone, phoneCountryOf(value, profile)) ?? parts.phone;
  return parts;
}

const currently = (value: string | undefined) => (value ? `Currently: ${value}` : undefined);

export type UpdateProfileDialogProps = {
  /** The field to focus when it opens (the row that was clicked), or null when closed. */
  openedAt: ProfileFieldName | null;
  onClose: () => void;
  /** The profile as it is now, shown as hints. */
  profile: Profile;
  /** Called after the server saved the changes. */
  onSaved: () => void;
};

/**
 * "Update Profile": the seven profile fields, all empty; what is filled in is sent as form data and
 * the rest stays as it is. The one rule checked here: a phone number must be one of its country's
 * (see `phoneOfCountry`). The server's message is shown either way.
 */
export function UpdateProfileDialog({ openedAt, onClose, profile, onSaved }: UpdateProfileDialogProps) {
  const form = useChoiceForm({
    defaultValues: emptyForm,
    validators: {
      onSubmit: ({ value }) =>
        value.phone.trim() !== '' && phoneE164(value.phone, phoneCountryOf(value, profile)) === null
          ? { fields: { phone: invalidPhone } }
          : undefined,
    },
    onSubmit: async ({ value, formApi }) => {
      try {
        const { msg } = await api.multipart('PATCH', '/users/user-info', {
          parts: profileUpdateOf(value, profile),
        });
        toast.success(msg);
        formApi.reset();
        onClose();
        onSaved();
      } catch (error) {
        toast.error(error instanceof ApiError ? error.msg : String(error));
      }
    },
  });

  const close = () => {
    form.reset();
    onClose();
  };

  return (
    <Dialog.Root open={openedAt !== null} onOpenChange={(open) => !open && close()}>
      <Dialog.Content
        onOpenAutoFocus={(event) => {
          const field = openedAt && document.getElementById(profileFieldId(openedAt));
          if (field) {
            event.preventDefault();
            field.focus();
          }
        }}
      >
        <Dialog.Title>Update Profile</Dialog.Title>
        <Dialog.Description>
          Fill in what you want to change. Empty fields stay as they are.
        </Dialog.Description>
        <form noValidate onSubmit={submitHandler(form)} className={styles.dialogForm}>
          <Dialog.Body className={styles.fields}>
            <form.AppField name="fullname">
              {(field) => (
                <field.TextField
                  id={profileFieldId('fullname')}
                  label="Full Name"
                  autoComplete="name"
                  maxLength={100}
                  hint={currently(profile.fullname)}
                />
              )}
            </form.AppField>
            <form.Subscribe selector={(state) => phoneCountryOf(state.values, profile)}>
              {(country) => (
                <form.AppField name="phone">
                  {(field) => (
                    <field.PhoneField
                      id={profileFieldId('phone')}
                      label="Phone Number"
                      maxLength={30}
                      country={country ?? ''}
                      hint={
                        currently(profile.phone && displayPhone(profile.phone, country)) ?? phoneHint(country)
                      }
                    />
                  )}
                </form.AppField>
              )}
            </form.Subscribe>
            <form.AppField name="country">
              {(field) => (
                <field.Select
                  id={profileFieldId('country')}
                  label="Country"
                  placeholder="Choose a country"
                  options={countryOptions}
                  hint={currently(profile.country)}
                />
              )}
            </form.AppField>
            <form.AppField name="address">
              {(field) => (
                <field.TextField
                  id={profileFieldId('address')}
                  label="Address"
                  autoComplete="street-address"
                  maxLength={200}
                  hint={currently(profile.address)}
                />
              )}
            </form.AppField>
            <form.AppField name="maritalStatus">
              {(field) => (
                <field.Select
                  id={profileFieldId('maritalStatus')}
                  label="Marital Status"
                  placeholder="Choose a status"
                  options={maritalStatusOptions}
                  hint={currently(profile.maritalStatus)}
                />
              )}
            </form.AppField>
            <form.AppField name="gender">
              {(field) => (
                <field.Select
                  id={profileFieldId('gender')}
                  label="Gender"
                  placeholder="Choose a gender"
                  options={genderOptions}
                  hint={currently(profile.gender)}
                />
              )}
            </form.AppField>
            <form.AppField
              name="goalChoice"
              listeners={{
                // "Other" reveals a free-text field and clears the value; any other
                // choice hides it and is the value.
                onChange: ({ value }) =>
                  form.setFieldValue('investmentGoal', value === otherGoal ? '' : value),
              }}
            >
              {(field) => (
                <field.Select
                  id={profileFieldId('investmentGoal')}
                  label="Investment Goal"
                  placeholder="Choose a goal"
                  options={investmentGoalOptions}
                  hint={currently(profile.investmentGoal)}
                />
              )}
            </form.AppField>
            <form.Subscribe selector={(state) => state.values.goalChoice === otherGoal}>
              {(isOther) =>
                isOther ? (
                  <form.AppField name="investmentGoal">
                    {(field) => <field.TextField label="Your investment goal" maxLength={200} />}
                  </form.AppField>
                ) : null
              }
            </form.Subscribe>
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="secondary">Cancel</Button>
            </Dialog.Close>
            <form.AppForm>
              <form.SubmitButton>Save changes</form.SubmitButton>
            </form.AppForm>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
