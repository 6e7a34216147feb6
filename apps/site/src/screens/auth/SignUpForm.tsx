import { ApiError, unwrap } from '@ledgerline/api-client';
import { countries, countryCodeOf } from '@ledgerline/rules/countries';
import { phoneE164 } from '@ledgerline/rules/phone';
import { toast } from '@ledgerline/ui';
import { useEffect, useRef } from 'react';
import * as z from 'zod/mini';
import { api } from '../../api/api';
import { useChoiceForm } from '../../forms/choiceForm';
import { focusFirstInvalid } from '../../forms/fieldError';
import { phoneHint, phoneOfCountry } from '../../forms/phoneRules';
import {
  confirmationMatches,
  confirmPasswordRule,
  emailRule,
  passwordRule,
  requiredText,
} from '../../forms/rules';
import { submitHandler } from '../../forms/submitHandler';
import { useGoTo } from '../../layout/siteNavigation';
import * as styles from './AuthFrame.css';
import { investmentGoalOptions, otherGoal } from './investmentGoals';

/**
 * The sign-up rules, messages word for word. The country is required; its message follows the wording of
 * the others, as does the phone number's when it is not a number of the chosen country. The investment
 * goal and the referral ID are optional. The password policy is the server's.
 */
export const signUpSchema = z
  .object({
    fullname: requiredText('Please enter your fullname'),
    email: emailRule,
    phone: requiredText('Phone number is required'),
    password: passwordRule,
    confirmPassword: confirmPasswordRule,
    country: z.string().check(z.minLength(1, 'Country is required')),
    goalChoice: z.string(),
    investmentGoal: z.string(),
    referredBy: z.string(),
  })
  .check(confirmationMatches, phoneOfCountry);

type SignUpValues = z.input<typeof signUpSchema>;

/**
 * What registration sends: email and referredBy lower-cased, the full name as typed (trimmed) and the
 * phone number in E.164 (`+447700900123`).
 */
export function registrationOf(value: SignUpValues) {
  const investmentGoal = value.investmentGoal.trim();
  const referredBy = value.referredBy.trim().toLowerCase();
  return {
    fullname: value.fullname.trim(),
    email: value.email.trim().toLowerCase(),
    phone: phoneE164(value.phone, countryCodeOf(value.country)) ?? value.phone.trim(),
    password: value.password,
    country: value.country,
    ...(investmentGoal ? { investmentGoal } : {}),
    ...(referredBy ? { referredBy } : {}),
  };
}

/** The sign-up form: creates an account, then /check-email. */
export function SignUpForm({ referralId }: { referralId?: string }) {
  const goTo = useGoTo();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useChoiceForm({
    defaultValues: {
      fullname: '',
      email: '',
      phone: '',
      password: '',
      confirmPassword: '',
      country: '',
      goalChoice: '',
      investmentGoal: '',
      referredBy: referralId ?? '',
    } satisfies SignUpValues,
    validators: { onChange: signUpSchema, onSubmit: signUpSchema },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      try {
        await unwrap(api.POST('/auth/register', { body: registrationOf(value) }));
        await goTo('/check-email');
      } catch (error) {
        // The server's own rules (the password policy, an unknown referral ID) come back here.
        toast.error(error instanceof ApiError ? error.msg : String(error));
      }
    },
  });
  // A shared link's referral ID can arrive after the form took text typed before its code loaded: a
  // touched form keeps its values when its defaults change, so the ID is put in the empty field.
  useEffect(() => {
    if (referralId && form.getFieldValue('referredBy') === '') form.setFieldValue('referredBy', referralId);
  }, [form, referralId]);

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={submitHandler(form)}>
      <div className={styles.formRow}>
        <form.AppField name="fullname">
          {(field) => <field.TextField label="Full name" autoComplete="name" required />}
        </form.AppField>
        <form.AppField name="email">
          {(field) => <field.TextField label="Email" type="email" autoComplete="email" required />}
        </form.AppField>
      </div>
      <div className={styles.formRow}>
        <form.Subscribe selector={(state) => countryCodeOf(state.values.country)}>
          {(country) => (
            <form.AppField name="phone">
              {(field) => (
                <field.PhoneField
                  label="Phone number"
                  required
                  country={country ?? ''}
                  hint={phoneHint(country)}
                />
              )}
            </form.AppField>
          )}
        </form.Subscribe>
        <form.AppField name="country">
          {(field) => (
            <field.Select
              label="Country"
              required
              placeholder="Select your country"
              options={countries}
              // The code is the option's value, but registration sends the country's name (the label).
              storeLabel
            />
          )}
        </form.AppField>
      </div>
      <div className={styles.formRow}>
        <form.AppForm>
          <form.PasswordPair passwordHint="At least 8 characters." />
        </form.AppForm>
      </div>
      <div className={styles.formRow}>
        <form.AppField
          name="goalChoice"
          listeners={{
            // "Other" reveals a free-text field and clears the value; any other
            // choice hides it and is the value.
            onChange: ({ value }) => form.setFieldValue('investmentGoal', value === otherGoal ? '' : value),
          }}
        >
          {(field) => (
            <field.Select
              label="Investment goal"
              optional
              placeholder="Optional"
              options={investmentGoalOptions}
            />
          )}
        </form.AppField>
        <form.Subscribe selector={(state) => state.values.goalChoice === otherGoal}>
          {(isOther) =>
            isOther ? (
              <form.AppField name="investmentGoal">
                {(field) => <field.TextField label="Your investment goal" optional maxLength={200} />}
              </form.AppField>
            ) : null
          }
        </form.Subscribe>
      </div>
      <form.AppField name="referredBy">
        {(field) => <field.TextField label="Referral ID" optional autoComplete="off" maxLength={50} />}
      </form.AppField>
      <form.AppForm>
        <form.SubmitButton fullWidth>Create account</form.SubmitButton>
      </form.AppForm>
    </form>
  );
}
