// The specialty of a registry record: its MeSH condition terms and browse branches read through one ordered table
// onto TrialDesk's specialties (docs/registry.md, "Specialty", shows the same table; a test keeps them equal).
import type { Specialty } from './enums.js';
import type { RegistryRecord } from './registry.js';

/** One row: a specialty, the words that pick it in a MeSH term, the browse branches that pick it. */
export interface SpecialtyRule {
  specialty: Specialty;
  /**
   * A term matches when, in lower case and without accents, it contains one of these; one that starts with a space
   * must start a word of the term (" eye": "Dry Eye Syndromes", not "Reye Syndrome").
   */
  words: readonly string[];
  /** Branch abbreviations of `conditionBrowseModule.browseBranches` (the MeSH C tree's branch, "BC04"...). */
  branches: readonly string[];
}

const row = (specialty: Specialty, words: string, branches: readonly string[] = []): SpecialtyRule => ({
  specialty,
  words: words.split('|'),
  branches,
});

/**
 * Read top to bottom, the first row that matches wins: blood cancers before other neoplasms, neoplasms before the
 * organ they grow in, a few exceptions (pulmonary hypertension, portal hypertension...) before the broad row they
 * would fall into, organ specialties before the general ones (Endocrinology after the organs diabetes harms).
 */
export const SPECIALTY_RULES: readonly SpecialtyRule[] = [
  row(
    'HematoOncology',
    'leukemi|lymphoma|myeloma|hodgkin|myelodysplas|myeloproliferative|hematologic neoplasm|plasma cell|' +
      'waldenstrom|polycythemia vera|thrombocythemia|myelofibrosis|mycosis fungoides|sezary|plasmacytoma|' +
      'light-chain amyloidosis|graft vs host|histiocytosis|lymphoproliferative',
  ),
  row(
    'Oncology',
    'neoplas|cancer|carcinom|sarcoma|melanoma|tumor|tumour|glioma|blastoma|mesothelioma|metasta|carcinoid|' +
      'adenoma|precancerous|meningioma|neurofibroma|leiomyoma|teratoma|seminoma|polyposis',
    ['BC04'],
  ),
  row('Pulmonology', 'sleep apnea|hypertension, pulmonary'),
  row('Gastroenterology', 'hypertension, portal|hepatic encephalopathy|heartburn|gastroparesis'),
  row('Urology', 'infertility, male'),
  row('Endocrinology', 'adrenal'),
  row('Anesthesiology', 'malignant hyperthermia|emergence delirium|postoperative nausea'),
  row(
    'ObstetricsAndGynecology',
    'pregnan|obstetric|labor, |premature birth|preterm|eclampsia|puerper|postpartum hemorrhage|gestational|fetal|' +
      'fetus|placenta|abortion|miscarriage|stillbirth|infertility|genital diseases, female|endometrio|ovar|uter|' +
      'vagin|vulv|menstrua|menopaus|dysmenorrhea|amenorrhea|pelvic pain|pelvic organ prolapse|pelvic floor|' +
      'pelvic inflammatory|lactation|hyperemesis|hydramnios|chorioamnionitis',
  ),
  row(
    'InfectiousDisease',
    'infect|communicable|bacter|viral|virus|mycos|fungal|sepsis|septic|hiv|acquired immunodeficiency|hepatitis a|' +
      'hepatitis b|hepatitis c|hepatitis d|hepatitis e|tubercul|malaria|covid|sars-cov|coronavirus|influenza|' +
      'parasit|helminth|protozoa|candidiasis|herpes|papillomavirus|sexually transmitted|syphilis|gonorrhea|' +
      'chlamydia|measles|dengue|zika|ebola|cholera|clostridi|staphylococc|streptococc|lyme|leprosy|leishmania|' +
      'schistosom|abscess|cellulitis|mpox|monkeypox|typhoid|pertussis|varicella|rabies|tetanus|toxoplasm|chagas',
    ['BC01', 'BC02', 'BC03'],
  ),
  row(
    'Ophthalmology',
    ' eye|ocular|retin|macula|glaucoma|cataract|uveitis|iritis|keratitis|keratoconus|cornea|myopia|hyperopia|' +
      'presbyopia|astigmatism|strabismus|amblyopia|conjunctiv|blephar|vision|visual|blind|optic nerve|optic neur|' +
      'vitreous|scleritis|endophthalmitis|ophthalm|lacrimal',
    ['BC11'],
  ),
  row(
    'AllergyAndImmunology',
    'allerg|hypersensitivity|anaphyla|urticaria|angioedema|immunologic deficiency|immunodeficiency|mastocytosis|' +
      'eosinophilic esophagitis',
    ['BC20'],
  ),
  row(
    'Otolaryngology',
    'ear diseases|otitis|hearing|deaf|tinnitus|otorhinolaryngolog|otolaryngolog|sinusitis|rhinitis|nasal|nose|' +
      'laryn|pharyn|tonsil|vertigo|vestibul|meniere|cholesteatoma|dysphonia|voice|epistaxis|adenoid|anosmia|' +
      'olfact|snoring|salivary|otosclerosis',
    ['BC09'],
  ),
  row(
    'Neurology',
    'nervous system|neurolog|neuropath|neurodegenerat|neuromuscular|neuralg|neuritis|neurocognitive|' +
      'neuromyelitis|brain|cerebr|stroke|epilep|seizure|dementia|alzheimer|parkinson|multiple sclerosis|demyelinat|' +
      'migraine|headache|spinal cord|amyotrophic|motor neuron|myasthenia|ataxia|encephal|mening|huntington|' +
      'dystonia|tremor|chorea|movement disorder|paralysis|palsy|plegia|intracranial|concussion|guillain|' +
      'restless legs|narcolepsy|sleep|muscular dystroph|muscular atroph|autonomic|cognit|aphasia|hydroceph|' +
      'subarachnoid',
    ['BC10'],
  ),
  row(
    'Psychiatry',
    'mental disorder|mental health|mental illness|psychi|psychot|psychos|schizo|depress|anxi|bipolar|mood|' +
      'stress disorder|stress, psychological|obsessive|compulsive|autis|attention deficit|eating disorder|' +
      'anorexia nervosa|bulimi|binge|substance|alcoholism|alcohol drinking|alcohol use|alcohol-related|' +
      'alcohol withdrawal|opioid|drug use|drug abuse|tobacco use|smoking|nicotine|cocaine|amphetamine|marijuana|' +
      'cannabis|addict|personality disorder|suicid|panic|phobi|gambling|behavioral symptom|self-injur|delirium|' +
      'post-traumatic|trauma and stressor|adjustment disorder|conduct disorder|tic disorder|tourette|somatoform|' +
      'dissociative|burnout',
    ['BXM', 'BC25'],
  ),
  row(
    'Cardiology',
    'heart|cardi|coronary|myocard|atrial|ventricular|arrhythmi|hypertension|hypertensive|hypotension|aort|' +
      'atheroscl|arterioscl|arterial|artery|angina|vascular disease|aneurysm|valve|valvular|long qt|brugada|' +
      'venous insufficiency|varicose|cholesterol|hyperlipid|dyslipid|hypertriglycerid|lipid metabolism|syncope|' +
      'tetralogy|ductus arteriosus',
    ['BC14'],
  ),
  row(
    'Hematology',
    'anemi|hemophilia|coagul|thrombo|sickle|thalass|hemic and lymphatic|hematolog|blood platelet|bone marrow|neutropeni|' +
      'leukopeni|cytopeni|von willebrand|iron overload|hemochromatosis|iron deficienc|hemoglobin|hemoly|purpura|' +
      'hemorrhagic disorder|agranulocytosis|splen|factor v|factor x|factor i',
    ['BC15'],
  ),
  row(
    'Pulmonology',
    'lung|pulmonary|respirat|asthma|bronch|pneum|emphysema|cystic fibrosis|apnea|pleura|trache|dyspnea|cough|' +
      'airway|hypoxi',
    ['BC08'],
  ),
  row(
    'Gastroenterology',
    'digestive|gastr|intestin|bowel|colitis|crohn|colon|colorectal|rectal|rectum|anal fissure|anal fistula|anus|' +
      'hemorrhoid|liver|hepat|cirrhosis|pancrea|esophag|stomach|duoden|peptic|celiac|dyspepsia|constipation|' +
      'diarrhea|biliary|bile|cholang|cholest|gallbladder|cholecyst|gallstone|cholelithiasis|dysphagia|' +
      'deglutition|fecal|ileus|diverticul|barrett|abdominal pain|nausea|vomiting|enteritis|enterocolitis|' +
      'malabsorption',
    ['BC06'],
  ),
  row(
    'Urology',
    'urinary|bladder|prostat|urethr|ureter|erectile|impotence|ejaculat|hypospadias|cryptorchidism|testic|testis|' +
      'scrot|varicocele|incontinence|enuresis|calculi|lithiasis|kidney stone|peyronie|phimosis|hematuria|' +
      'nocturia|genital diseases, male|penile|cystitis',
  ),
  row(
    'Nephrology',
    'kidney|renal|nephr|glomerul|proteinuria|albuminuria|uremi|water-electrolyte|hyperkal|hypokal|hyponatr|' +
      'hypernatr|hyperphosphat',
  ),
  row(
    'Rheumatology',
    'arthritis|arthralgia|rheumat|lupus|spondylitis|spondyloarthr|gout|vasculitis|arteritis|scleroderma|' +
      'systemic sclerosis|sjogren|fibromyalgia|polymyalgia|myositis|behcet|osteoporosis|osteopenia|sarcoidosis|' +
      "connective tissue|antiphospholipid|still’s|still's|familial mediterranean|autoinflammatory|raynaud|" +
      'polyangiitis|polychondritis|hyperuricemia',
  ),
  row(
    'Dermatology',
    'skin|dermat|psoria|eczema|acne|hidradenitis|alopecia|vitiligo|pemphig|prurit|prurigo|rosacea|keratosis|' +
      'ichthyosis|epidermolysis|hyperpigmentation|melasma|hyperhidrosis|ulcer|lichen|cutaneous|nail|wart|' +
      'photosensitiv|seborrh|hair',
    ['BC17'],
  ),
  row(
    'Endocrinology',
    'diabet|endocrin|thyro|obes|overweight|metabol|pituitar|hypoglyc|hyperglyc|insulin|glucose|cushing|' +
      'acromegaly|hypogonadism|growth hormone|dwarfism|growth disorder|hyperandrogen|lipodystrophy|hypophosphat|' +
      'hypercalc|hypocalc|goiter|graves',
    ['BC18', 'BC19'],
  ),
  row(
    'Orthopedics',
    'fracture|bone|joint|musculoskeletal|osteo|tendin|tendon|rotator cuff|ligament|cartilage|menisc|scoliosis|' +
      'kyphosis|spinal stenosis|spinal disease|spinal injur|intervertebral disc|spondylolisthesis|spondylosis|' +
      'dislocation|knee|shoulder|ankle|wrist|elbow|flatfoot|clubfoot|foot deformit|hallux|carpal tunnel|sprain|' +
      'dupuytren|bursitis|epicondylitis|plantar fasci',
    ['BC05'],
  ),
  row(
    'PhysicalMedicineAndRehabilitation',
    'back pain|neck pain|musculoskeletal pain|spasticity|amputation|amputee|sarcopenia|frailty|gait|contracture|' +
      'muscle weakness|mobility|deconditioning|disabled|lymphedema|accidental falls|postural balance',
  ),
  row('Anesthesiology', 'pain|anesthe|analges|hyperalgesia'),
  row('Radiology', 'radiation'),
  row('PlasticSurgery', 'cleft|burns|cicatri|keloid|craniosynostos|craniofacial|facial asymmetry|gynecomastia'),
  row(
    'Surgery',
    'postoperative complication|surgical|anastomotic|hernia|appendicitis|wound|injur|trauma|perforation|' +
      'peritonitis|fistula|hemorrhage',
    ['BC26'],
  ),
  row(
    'Pediatrics',
    'infant|neonat|newborn|child|premature|congenital|birth weight|developmental disabilit|intellectual disabilit|' +
      'sudden infant|down syndrome|failure to thrive|colic',
    ['BC16'],
  ),
  row(
    'InternalMedicine',
    'malnutrition|deficienc|critical illness|multimorbidity|multiple chronic|chronic disease|fatigue|weight loss|' +
      'dehydration|edema|vitamin|avitaminosis|nutrition disorder|shock|hypothermia|poisoning|multiple organ failure',
  ),
];

/** A term as the table reads it: lower case, accents removed ("Sjögren" reads "sjogren"). */
const folded = (term: string) => term.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The first row one of the terms matches. */
const firstRowOf = (terms: string[]) => {
  const read = terms.map((term) => ` ${folded(term)}`);
  return SPECIALTY_RULES.find((rule) => rule.words.some((word) => read.some((term) => term.includes(word))));
};

/**
 * The record's specialty: the first row its own MeSH terms match, else the first row their ancestors match, else the
 * first row its browse branches match; Other when none does, Unknown when the record has no MeSH terms.
 */
export function specialtyOf(record: RegistryRecord): Specialty {
  const browse = record.derivedSection?.conditionBrowseModule;
  const meshes = (browse?.meshes ?? []).map((mesh) => mesh.term);
  if (meshes.length === 0) return 'Unknown';
  const ancestors = (browse?.ancestors ?? []).map((mesh) => mesh.term);
  const branches = (browse?.browseBranches ?? []).map((branch) => branch.abbrev);
  const rule =
    firstRowOf(meshes) ??
    firstRowOf(ancestors) ??
    SPECIALTY_RULES.find((candidate) => candidate.branches.some((abbrev) => branches.includes(abbrev)));
  return rule?.specialty ?? 'Other';
}
