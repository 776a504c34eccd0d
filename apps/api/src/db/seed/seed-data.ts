/** Reference data for the deterministic demo seed: specialities, and hospitals in real places. */
import type { HospitalPlace } from '../schema/providers';

export interface SpecialitySeed {
  slug: string;
  uk: string;
  usa: string;
  /** First-visit fee range in major units; follow-ups cost about 70 %. */
  fee: [number, number];
  minutes: number;
  dental?: boolean;
  qualifications: { uk: string[]; usa: string[] };
}

export const SPECIALITIES: SpecialitySeed[] = [
  {
    slug: 'gp',
    uk: 'General Practitioner',
    usa: 'Family Medicine',
    fee: [45, 95],
    minutes: 15,
    qualifications: { uk: ['MBBS', 'MRCGP'], usa: ['MD', 'FAAFP'] },
  },
  {
    slug: 'dentist',
    uk: 'Dentist',
    usa: 'Dentist',
    fee: [50, 120],
    minutes: 30,
    dental: true,
    qualifications: { uk: ['BDS', 'MJDF RCS'], usa: ['DDS'] },
  },
  {
    slug: 'orthodontics',
    uk: 'Orthodontist',
    usa: 'Orthodontist',
    fee: [90, 180],
    minutes: 30,
    dental: true,
    qualifications: { uk: ['BDS', 'MOrth RCS'], usa: ['DMD', 'MS Orthodontics'] },
  },
  {
    slug: 'dermatology',
    uk: 'Dermatology',
    usa: 'Dermatology',
    fee: [150, 250],
    minutes: 20,
    qualifications: { uk: ['MBChB', 'MRCP (Derm)'], usa: ['MD', 'FAAD'] },
  },
  {
    slug: 'cardiology',
    uk: 'Cardiology',
    usa: 'Cardiology',
    fee: [200, 320],
    minutes: 30,
    qualifications: { uk: ['MBBS', 'MD', 'FRCP'], usa: ['MD', 'FACC'] },
  },
  {
    slug: 'paediatrics',
    uk: 'Paediatrics',
    usa: 'Pediatrics',
    fee: [120, 220],
    minutes: 30,
    qualifications: { uk: ['MBBS', 'MRCPCH'], usa: ['MD', 'FAAP'] },
  },
  {
    slug: 'orthopaedics',
    uk: 'Orthopaedics',
    usa: 'Orthopedics',
    fee: [180, 300],
    minutes: 20,
    qualifications: { uk: ['MBChB', 'FRCS (Tr&Orth)'], usa: ['MD', 'FAAOS'] },
  },
  {
    slug: 'gynaecology',
    uk: 'Obstetrics and Gynaecology',
    usa: 'Obstetrics and Gynecology',
    fee: [160, 260],
    minutes: 30,
    qualifications: { uk: ['MBBS', 'MRCOG'], usa: ['MD', 'FACOG'] },
  },
  {
    slug: 'ophthalmology',
    uk: 'Ophthalmology',
    usa: 'Ophthalmology',
    fee: [140, 240],
    minutes: 20,
    qualifications: { uk: ['MBBS', 'FRCOphth'], usa: ['MD', 'FAAO'] },
  },
  {
    slug: 'ent',
    uk: 'Ear, Nose and Throat',
    usa: 'Otolaryngology (ENT)',
    fee: [150, 250],
    minutes: 20,
    qualifications: { uk: ['MBChB', 'FRCS (ORL-HNS)'], usa: ['MD', 'FACS'] },
  },
  {
    slug: 'psychiatry',
    uk: 'Psychiatry',
    usa: 'Psychiatry',
    fee: [200, 350],
    minutes: 45,
    qualifications: { uk: ['MBBS', 'MRCPsych'], usa: ['MD', 'DFAPA'] },
  },
  {
    slug: 'neurology',
    uk: 'Neurology',
    usa: 'Neurology',
    fee: [200, 330],
    minutes: 30,
    qualifications: { uk: ['MBBS', 'PhD', 'FRCP'], usa: ['MD', 'FAAN'] },
  },
  {
    slug: 'endocrinology',
    uk: 'Endocrinology and Diabetes',
    usa: 'Endocrinology',
    fee: [170, 280],
    minutes: 30,
    qualifications: { uk: ['MBChB', 'MRCP'], usa: ['MD', 'FACE'] },
  },
  {
    slug: 'physiotherapy',
    uk: 'Physiotherapy',
    usa: 'Physical Therapy',
    fee: [55, 95],
    minutes: 45,
    qualifications: { uk: ['BSc (Hons) Physiotherapy', 'MCSP'], usa: ['DPT'] },
  },
];

/** A seeded hospital: its row without the id, region and zone, which the seed adds. */
export type HospitalSeed = Pick<HospitalPlace, 'name' | 'address' | 'city' | 'postcode' | 'latitude' | 'longitude'>;

export interface CitySeed {
  city: string;
  timeZone: string;
  hospitals: HospitalSeed[];
}

const h = (name: string, address: string, city: string, postcode: string, latitude: number, longitude: number): HospitalSeed => ({
  name,
  address,
  city,
  postcode,
  latitude,
  longitude,
});

export const UK_CITIES: CitySeed[] = [
  {
    city: 'London',
    timeZone: 'Europe/London',
    hospitals: [
      h('Harley Street Consulting Rooms', '112 Harley Street', 'London', 'W1G 7JQ', 51.5215, -0.1475),
      h('Westminster Bridge Clinic', '18 Westminster Bridge Road', 'London', 'SE1 7EH', 51.4995, -0.1145),
      h('Islington Health Centre', '40 Upper Street', 'London', 'N1 0PN', 51.5362, -0.1033),
      h('Canary Wharf Medical Practice', '1 Cabot Square', 'London', 'E14 4QJ', 51.5049, -0.0235),
      h('Wimbledon Park Clinic', '25 Worple Road', 'London', 'SW19 4JS', 51.4206, -0.2088),
    ],
  },
  {
    city: 'Manchester',
    timeZone: 'Europe/London',
    hospitals: [
      h('Oxford Road Medical Centre', '250 Oxford Road', 'Manchester', 'M13 9PL', 53.4668, -2.2339),
      h('Didsbury Village Clinic', '720 Wilmslow Road', 'Manchester', 'M20 2DW', 53.4173, -2.2312),
      h('Salford Quays Health', '3 Media City Way', 'Salford', 'M50 2EQ', 53.4722, -2.2974),
    ],
  },
  {
    city: 'Birmingham',
    timeZone: 'Europe/London',
    hospitals: [
      h('Edgbaston Consulting Rooms', '81 Harborne Road', 'Birmingham', 'B15 3HG', 52.4663, -1.9277),
      h('Colmore Row Clinic', '55 Colmore Row', 'Birmingham', 'B3 2AA', 52.4816, -1.8998),
    ],
  },
  {
    city: 'Leeds',
    timeZone: 'Europe/London',
    hospitals: [
      h('Headingley Medical Practice', '12 North Lane', 'Leeds', 'LS6 3HE', 53.8197, -1.5769),
      h('Park Square Clinic', '9 Park Square East', 'Leeds', 'LS1 2NE', 53.7996, -1.5523),
    ],
  },
  {
    city: 'Glasgow',
    timeZone: 'Europe/London',
    hospitals: [
      h('West End Health Glasgow', '230 Byres Road', 'Glasgow', 'G12 8SH', 55.8747, -4.293),
      h('Merchant City Clinic', '80 Ingram Street', 'Glasgow', 'G1 1EX', 55.8597, -4.2453),
    ],
  },
  {
    city: 'Edinburgh',
    timeZone: 'Europe/London',
    hospitals: [
      h('New Town Medical Rooms', '14 Queen Street', 'Edinburgh', 'EH2 1JE', 55.9545, -3.199),
      h('Morningside Clinic', '180 Morningside Road', 'Edinburgh', 'EH10 4QH', 55.927, -3.2099),
    ],
  },
  {
    city: 'Bristol',
    timeZone: 'Europe/London',
    hospitals: [
      h('Clifton Consulting Rooms', '7 Whiteladies Road', 'Bristol', 'BS8 1PD', 51.4625, -2.607),
      h('Harbourside Health', '2 Canons Way', 'Bristol', 'BS1 5UH', 51.4503, -2.6),
    ],
  },
  {
    city: 'Liverpool',
    timeZone: 'Europe/London',
    hospitals: [
      h('Rodney Street Clinic', '35 Rodney Street', 'Liverpool', 'L1 9EN', 53.4017, -2.9716),
      h('Allerton Medical Centre', '120 Allerton Road', 'Liverpool', 'L18 2DG', 53.379, -2.9063),
    ],
  },
  {
    city: 'Cardiff',
    timeZone: 'Europe/London',
    hospitals: [h('Cathedral Road Clinic', '60 Cathedral Road', 'Cardiff', 'CF11 9LL', 51.4856, -3.1948)],
  },
  {
    city: 'Newcastle upon Tyne',
    timeZone: 'Europe/London',
    hospitals: [h('Jesmond Health Rooms', '15 Osborne Road', 'Newcastle upon Tyne', 'NE2 2AH', 54.9866, -1.6025)],
  },
];

export const USA_CITIES: CitySeed[] = [
  {
    city: 'New York',
    timeZone: 'America/New_York',
    hospitals: [
      h('Midtown Medical Associates', '305 East 47th Street', 'New York, NY', '10017', 40.7527, -73.9696),
      h('Upper West Side Health', '2109 Broadway', 'New York, NY', '10023', 40.7805, -73.9816),
      h('Brooklyn Heights Clinic', '142 Joralemon Street', 'Brooklyn, NY', '11201', 40.6925, -73.9917),
    ],
  },
  {
    city: 'Boston',
    timeZone: 'America/New_York',
    hospitals: [
      h('Back Bay Physicians', '465 Boylston Street', 'Boston, MA', '02116', 42.351, -71.0735),
      h('Longwood Medical Group', '333 Longwood Avenue', 'Boston, MA', '02115', 42.337, -71.1036),
    ],
  },
  {
    city: 'Chicago',
    timeZone: 'America/Chicago',
    hospitals: [
      h('Magnificent Mile Medical', '680 N Lake Shore Drive', 'Chicago, IL', '60611', 41.8939, -87.6163),
      h('Lincoln Park Health', '2515 N Clark Street', 'Chicago, IL', '60614', 41.9283, -87.6426),
    ],
  },
  {
    city: 'Houston',
    timeZone: 'America/Chicago',
    hospitals: [
      h('Texas Medical Center Clinic', '6624 Fannin Street', 'Houston, TX', '77030', 29.709, -95.3998),
      h('Galleria Health Partners', '5085 Westheimer Road', 'Houston, TX', '77056', 29.7392, -95.4622),
    ],
  },
  {
    city: 'Los Angeles',
    timeZone: 'America/Los_Angeles',
    hospitals: [
      h('Beverly Grove Medical', '8635 W 3rd Street', 'Los Angeles, CA', '90048', 34.0728, -118.3804),
      h('Santa Monica Health', '1301 20th Street', 'Santa Monica, CA', '90404', 34.0302, -118.4797),
    ],
  },
  {
    city: 'San Francisco',
    timeZone: 'America/Los_Angeles',
    hospitals: [
      h('Pacific Heights Physicians', '2100 Webster Street', 'San Francisco, CA', '94115', 37.7882, -122.4322),
      h('Mission Bay Clinic', '1825 4th Street', 'San Francisco, CA', '94158', 37.768, -122.3895),
    ],
  },
  {
    city: 'Seattle',
    timeZone: 'America/Los_Angeles',
    hospitals: [h('First Hill Medical', '1100 9th Avenue', 'Seattle, WA', '98101', 47.6101, -122.3265)],
  },
  {
    city: 'Miami',
    timeZone: 'America/New_York',
    hospitals: [h('Brickell Health Center', '1200 Brickell Avenue', 'Miami, FL', '33131', 25.7625, -80.192)],
  },
  {
    city: 'Denver',
    timeZone: 'America/Denver',
    hospitals: [h('Cherry Creek Medical', '3773 Cherry Creek N Drive', 'Denver, CO', '80209', 39.7187, -104.9545)],
  },
  {
    city: 'Phoenix',
    timeZone: 'America/Phoenix',
    hospitals: [h('Camelback Health', '2222 E Camelback Road', 'Phoenix, AZ', '85016', 33.509, -112.0334)],
  },
];

export const FIRST_NAMES = [
  'Olivia',
  'Amelia',
  'Isla',
  'Ava',
  'Mia',
  'Sophia',
  'Grace',
  'Priya',
  'Aisha',
  'Fatima',
  'Chloe',
  'Emily',
  'Hannah',
  'Zara',
  'Leah',
  'Ruth',
  'Nadia',
  'Elena',
  'Maya',
  'Sarah',
  'Oliver',
  'George',
  'Noah',
  'Arthur',
  'Leo',
  'Oscar',
  'Harry',
  'Jack',
  'Thomas',
  'James',
  'Rahul',
  'Omar',
  'Daniel',
  'Samuel',
  'David',
  'Michael',
  'Kwame',
  'Hiroshi',
  'Luca',
  'Mateo',
  'Ethan',
  'Benjamin',
  'Lucas',
  'Henry',
  'Alexander',
  'Isabella',
  'Charlotte',
  'Abigail',
  'Emma',
  'Wei',
];
export const LAST_NAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Khan',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Clarke',
  'Hughes',
  'Edwards',
  'Shah',
  'Ahmed',
  'Okafor',
  'Mensah',
  'Nguyen',
  'Garcia',
  'Martinez',
  'Rodriguez',
  'Lee',
  'Kim',
  'Chen',
  'Murphy',
  "O'Brien",
  'Campbell',
  'Stewart',
  'Morris',
  'Cohen',
  'Rossi',
  'Novak',
  'Singh',
  'Mehta',
  'Anderson',
  'Moore',
  'Jackson',
  'Harris',
  'Lewis',
  'Young',
];
export const LANGUAGES = {
  uk: ['English', 'Welsh', 'Hindi', 'Urdu', 'Polish', 'Punjabi', 'French', 'Spanish', 'Arabic', 'Gujarati'],
  usa: ['English', 'Spanish', 'Mandarin', 'Vietnamese', 'Korean', 'Tagalog', 'French', 'Russian', 'Arabic', 'Portuguese'],
} as const;
