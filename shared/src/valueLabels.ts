// The words people read for the product's coded values, in English and French: the web's dictionaries show them and
// the readable CSV exports write them (one place, so a screen and its export say the same).
import type { ApprovalState, ReferenceStatus, Role, Specialty, StudyStatus, UserStatus } from './enums.js';
import type { ExportLanguage } from './exports.js';
import type { RegistryStatus } from './registry.js';
import type { Sex } from './referrals.js';
import type { CriterionAnswer, RejectReason } from './triage.js';

export interface ValueLabels {
  specialty: Record<Specialty, string>;
  studyStatus: Record<StudyStatus, string>;
  /** ClinicalTrials.gov's overall status, shown beside ours on an imported study. */
  registryStatus: Record<RegistryStatus, string>;
  referenceStatus: Record<ReferenceStatus, string>;
  role: Record<Role, string>;
  userStatus: Record<UserStatus, string>;
  approval: Record<ApprovalState, string>;
  rejectReason: Record<RejectReason, string>;
  criterionAnswer: Record<CriterionAnswer, string>;
  /** A referred patient's sex (FHIR's administrative gender). */
  sex: Record<Sex, string>;
  /** A yes-or-no field (the readable export's booleans). */
  yesNo: Record<'true' | 'false', string>;
}
/** A set of coded values with labels. */
export type ValueLabelSet = keyof ValueLabels;

export const VALUE_LABELS: Record<ExportLanguage, ValueLabels> = {
  en: {
    specialty: {
      Unknown: 'Unknown',
      AllergyAndImmunology: 'Allergy and immunology',
      Anesthesiology: 'Anesthesiology',
      Cardiology: 'Cardiology',
      Dermatology: 'Dermatology',
      Endocrinology: 'Endocrinology',
      Gastroenterology: 'Gastroenterology',
      Hematology: 'Hematology',
      HematoOncology: 'Hemato-oncology',
      InfectiousDisease: 'Infectious disease',
      InternalMedicine: 'Internal medicine',
      Nephrology: 'Nephrology',
      Neurology: 'Neurology',
      ObstetricsAndGynecology: 'Obstetrics and gynecology',
      Oncology: 'Oncology',
      Ophthalmology: 'Ophthalmology',
      Orthopedics: 'Orthopedics',
      Otolaryngology: 'Otolaryngology',
      Pediatrics: 'Pediatrics',
      PhysicalMedicineAndRehabilitation: 'Physical medicine and rehabilitation',
      PlasticSurgery: 'Plastic surgery',
      Psychiatry: 'Psychiatry',
      Pulmonology: 'Pulmonology',
      Radiology: 'Radiology',
      Rheumatology: 'Rheumatology',
      Surgery: 'Surgery',
      Urology: 'Urology',
      Other: 'Other',
    },
    studyStatus: { Unknown: 'Unknown', Withdrawn: 'Withdrawn', Completed: 'Completed', Recruiting: 'Recruiting' },
    registryStatus: {
      ACTIVE_NOT_RECRUITING: 'Active, not recruiting',
      COMPLETED: 'Completed',
      ENROLLING_BY_INVITATION: 'Enrolling by invitation',
      NOT_YET_RECRUITING: 'Not yet recruiting',
      RECRUITING: 'Recruiting',
      SUSPENDED: 'Suspended',
      TERMINATED: 'Terminated',
      WITHDRAWN: 'Withdrawn',
      AVAILABLE: 'Available',
      NO_LONGER_AVAILABLE: 'No longer available',
      TEMPORARILY_NOT_AVAILABLE: 'Temporarily not available',
      APPROVED_FOR_MARKETING: 'Approved for marketing',
      WITHHELD: 'Withheld',
      UNKNOWN: 'Unknown status',
    },
    referenceStatus: {
      Unknown: 'Unknown',
      Rejected: 'Rejected',
      Duplicate: 'Duplicate',
      Pending: 'Pending',
      Accepted: 'Accepted',
    },
    role: { Admin: 'Admin', Editor: 'Editor', User: 'User' },
    userStatus: {
      User: 'User',
      PendingUser: 'Pending user',
      Editor: 'Editor',
      PendingEditor: 'Pending editor',
      Admin: 'Admin',
      PendingAdmin: 'Pending admin',
    },
    approval: { approved: 'Approved', pending: 'Pending approval' },
    rejectReason: {
      inclusionNotMet: 'An inclusion criterion is not met',
      exclusionMet: 'An exclusion criterion is met',
      declined: 'The patient declined',
      unreachable: 'The patient could not be reached',
      studyFull: 'The study is full',
      other: 'Other',
    },
    criterionAnswer: { met: 'Met', notMet: 'Not met', unknown: 'Unknown' },
    sex: { female: 'Female', male: 'Male', other: 'Other', unknown: 'Unknown' },
    yesNo: { true: 'Yes', false: 'No' },
  },
  fr: {
    specialty: {
      Unknown: 'Inconnue',
      AllergyAndImmunology: 'Allergie et immunologie',
      Anesthesiology: 'Anesthésiologie',
      Cardiology: 'Cardiologie',
      Dermatology: 'Dermatologie',
      Endocrinology: 'Endocrinologie',
      Gastroenterology: 'Gastroentérologie',
      Hematology: 'Hématologie',
      HematoOncology: 'Hémato-oncologie',
      InfectiousDisease: 'Maladies infectieuses',
      InternalMedicine: 'Médecine interne',
      Nephrology: 'Néphrologie',
      Neurology: 'Neurologie',
      ObstetricsAndGynecology: 'Obstétrique et gynécologie',
      Oncology: 'Oncologie',
      Ophthalmology: 'Ophtalmologie',
      Orthopedics: 'Orthopédie',
      Otolaryngology: 'Oto-rhino-laryngologie',
      Pediatrics: 'Pédiatrie',
      PhysicalMedicineAndRehabilitation: 'Médecine physique et réadaptation',
      PlasticSurgery: 'Chirurgie plastique',
      Psychiatry: 'Psychiatrie',
      Pulmonology: 'Pneumologie',
      Radiology: 'Radiologie',
      Rheumatology: 'Rhumatologie',
      Surgery: 'Chirurgie',
      Urology: 'Urologie',
      Other: 'Autre',
    },
    studyStatus: { Unknown: 'Inconnu', Withdrawn: 'Retirée', Completed: 'Terminée', Recruiting: 'Recrutement' },
    registryStatus: {
      ACTIVE_NOT_RECRUITING: 'Active, sans recrutement',
      COMPLETED: 'Terminée',
      ENROLLING_BY_INVITATION: 'Inscription sur invitation',
      NOT_YET_RECRUITING: 'Pas encore en recrutement',
      RECRUITING: 'En recrutement',
      SUSPENDED: 'Suspendue',
      TERMINATED: 'Arrêtée',
      WITHDRAWN: 'Retirée',
      AVAILABLE: 'Disponible',
      NO_LONGER_AVAILABLE: 'Plus disponible',
      TEMPORARILY_NOT_AVAILABLE: 'Temporairement indisponible',
      APPROVED_FOR_MARKETING: 'Autorisée à la mise sur le marché',
      WITHHELD: 'Non divulguée',
      UNKNOWN: 'Statut inconnu',
    },
    referenceStatus: {
      Unknown: 'Inconnu',
      Rejected: 'Refusée',
      Duplicate: 'Doublon',
      Pending: 'En attente',
      Accepted: 'Acceptée',
    },
    role: { Admin: 'Administrateur', Editor: 'Éditeur', User: 'Utilisateur' },
    userStatus: {
      User: 'Utilisateur',
      PendingUser: 'Utilisateur en attente',
      Editor: 'Éditeur',
      PendingEditor: 'Éditeur en attente',
      Admin: 'Administrateur',
      PendingAdmin: 'Administrateur en attente',
    },
    approval: { approved: 'Approuvé', pending: 'En attente d’approbation' },
    rejectReason: {
      inclusionNotMet: 'Un critère d’inclusion n’est pas rempli',
      exclusionMet: 'Un critère d’exclusion est rempli',
      declined: 'Le patient a refusé',
      unreachable: 'Le patient n’a pas pu être joint',
      studyFull: 'L’étude est complète',
      other: 'Autre',
    },
    criterionAnswer: { met: 'Rempli', notMet: 'Non rempli', unknown: 'Inconnu' },
    sex: { female: 'Féminin', male: 'Masculin', other: 'Autre', unknown: 'Inconnu' },
    yesNo: { true: 'Oui', false: 'Non' },
  },
};
