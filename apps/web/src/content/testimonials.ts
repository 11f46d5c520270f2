/**
 * SPEC §2: 14 testimonials, 6 shown until the visitor asks for more. Names here; each quote and
 * place is `testimonials.items.<id>` in the `publicText` messages.
 * SAMPLES: these are placeholder entries shipped with the software, not real customers.
 * Replace them with genuine, consented testimonials before going live, and set
 * TESTIMONIALS_ARE_SAMPLES to false.
 */
export interface Testimonial {
  id: string;
  name: string;
}

export const TESTIMONIALS_ARE_SAMPLES = true;

export const TESTIMONIALS: Testimonial[] = [
  { id: 't1', name: 'Amara Okafor' },
  { id: 't2', name: 'Lukas Brenner' },
  { id: 't3', name: 'Priya Raman' },
  { id: 't4', name: 'Daniel Costa' },
  { id: 't5', name: 'Mei Tanaka' },
  { id: 't6', name: 'Sofia Herrera' },
  { id: 't7', name: 'Jonas Lindqvist' },
  { id: 't8', name: 'Fatima Zahra' },
  { id: 't9', name: 'Ethan Brooks' },
  { id: 't10', name: 'Chloé Martin' },
  { id: 't11', name: 'Kwame Mensah' },
  { id: 't12', name: 'Hannah Weiss' },
  { id: 't13', name: 'Ravi Patel' },
  { id: 't14', name: 'Ana Lucía Reyes' },
];
