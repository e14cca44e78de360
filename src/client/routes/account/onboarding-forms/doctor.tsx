/** Onboarding for a doctor (DoctorOnboardingSchema): the profile an admin verifies before it is listed. */
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { CheckedValues } from '#shared/doctor-verification.ts';
import {
  AREAS_OF_EXPERTISE,
  CONSULTATION_TYPES,
  DOCTOR_BIO_MIN,
  DOCTOR_SPECIALTIES,
  DoctorOnboardingSchema,
  YEARS_EXPERIENCE_MAX,
} from '#shared/schemas/onboarding.ts';
import { ReverificationNotice } from '#client/components/reverification-notice.tsx';
import { CheckboxGroupField, SelectField, TextAreaField, TextField } from '#client/components/ui/field.tsx';
import { Notice, OnboardingForm, options, useOnboardingForm, type FormProps } from './parts.tsx';

/** The doctor's questions: specialty and license (what an admin verifies), experience, bio and how they help. */
export function DoctorForm({ saved, pending, onSave }: FormProps<z.output<typeof DoctorOnboardingSchema>>) {
  const { form, onSubmit, field, group } = useOnboardingForm(
    DoctorOnboardingSchema,
    {
      licenseNumber: '',
      licenseState: '',
      medicalBoard: '',
      hospitalAffiliation: '',
      bio: '',
      areasOfExpertise: [],
      consultationTypes: [],
    },
    { saved, onSave },
  );
  const [specialty, licenseNumber, licenseState, medicalBoard] = useWatch({
    control: form.control,
    name: ['specialty', 'licenseNumber', 'licenseState', 'medicalBoard'],
  });
  return (
    <OnboardingForm onSubmit={onSubmit} pending={pending}>
      <Notice icon="shield">
        <p className="font-semibold">We verify every medical professional.</p>
        <p>
          An administrator checks your license before your replies are shown as professional support. Your license
          number is used only for that check.
        </p>
      </Notice>
      <SelectField label="Medical specialty" defaultValue="" {...field('specialty')}>
        <option value="" disabled>
          Select your specialty
        </option>
        {DOCTOR_SPECIALTIES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="License number" maxLength={50} {...field('licenseNumber')} />
        <TextField label="License state or region" maxLength={50} {...field('licenseState')} />
        <TextField
          label="Years of experience"
          type="number"
          inputMode="numeric"
          min={0}
          max={YEARS_EXPERIENCE_MAX}
          step={1}
          {...field('yearsExperience', { valueAsNumber: true })}
        />
        <TextField
          label="Medical board certification"
          maxLength={200}
          hint="The board that certifies you, e.g. American Board of Obstetrics and Gynecology."
          {...field('medicalBoard')}
        />
      </div>
      <TextField label="Hospital affiliation (optional)" maxLength={200} {...field('hospitalAffiliation')} />
      <TextAreaField
        label="Professional bio"
        rows={5}
        hint={`At least ${DOCTOR_BIO_MIN} characters. Shown on your directory profile once you are verified.`}
        {...field('bio')}
      />
      <CheckboxGroupField
        legend="Areas of expertise"
        options={options(AREAS_OF_EXPERTISE)}
        columns={2}
        {...group('areasOfExpertise')}
      />
      <CheckboxGroupField
        legend="Consultation preferences"
        hint="How you are willing to help patients."
        options={options(CONSULTATION_TYPES)}
        columns={2}
        {...group('consultationTypes')}
      />
      <ReverificationNotice
        verified={saved?.verificationStatus === 'verified'}
        saved={(saved ?? {}) as CheckedValues}
        current={{ specialty, licenseNumber, licenseState, medicalBoard }}
      />
    </OnboardingForm>
  );
}
