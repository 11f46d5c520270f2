/**
 * SPEC §2: 14 testimonials, 6 shown until the visitor asks for more.
 * SAMPLES: these are placeholder entries shipped with the software, not real customers.
 * Replace them with genuine, consented testimonials before going live, and set
 * TESTIMONIALS_ARE_SAMPLES to false.
 */
export interface Testimonial {
  id: string;
  name: string;
  location: string;
  quote: string;
}

export const TESTIMONIALS_ARE_SAMPLES = true;

export const TESTIMONIALS: Testimonial[] = [
  { id: 't1', name: 'Amara Okafor', location: 'Lagos, Nigeria', quote: 'I liked that the rate, the term and the exact amount I would get back were on the screen before I confirmed anything.' },
  { id: 't2', name: 'Lukas Brenner', location: 'Vienna, Austria', quote: 'Verification took a few minutes. The checklist told me exactly which step I was on.' },
  { id: 't3', name: 'Priya Raman', location: 'Chennai, India', quote: 'My first withdrawal arrived the next business day. The history page showed every step.' },
  { id: 't4', name: 'Daniel Costa', location: 'Porto, Portugal', quote: 'Clear numbers, no surprises. The fee line showed up before I pressed confirm, not after.' },
  { id: 't5', name: 'Mei Tanaka', location: 'Osaka, Japan', quote: 'Two-factor set-up was simple and I kept my recovery codes in a safe place.' },
  { id: 't6', name: 'Sofia Herrera', location: 'Bogotá, Colombia', quote: 'Support answered my question by email within the hour and actually read what I wrote.' },
  { id: 't7', name: 'Jonas Lindqvist', location: 'Malmö, Sweden', quote: 'The dashboard countdown for each investment is a small thing, but it makes everything feel predictable.' },
  { id: 't8', name: 'Fatima Zahra', location: 'Casablanca, Morocco', quote: 'I started with the smallest plan to see how it works before moving anything larger.' },
  { id: 't9', name: 'Ethan Brooks', location: 'Denver, USA', quote: 'Exporting my transaction history to CSV made my year-end paperwork much easier.' },
  { id: 't10', name: 'Chloé Martin', location: 'Lyon, France', quote: 'I appreciated the scam warning on the home page. They never asked for my password.' },
  { id: 't11', name: 'Kwame Mensah', location: 'Accra, Ghana', quote: 'Referring two friends was easy and the bonus showed up as its own line in my history.' },
  { id: 't12', name: 'Hannah Weiss', location: 'Zürich, Switzerland', quote: 'Saving two wallet addresses means I do not have to paste a long address every time.' },
  { id: 't13', name: 'Ravi Patel', location: 'Leicester, UK', quote: 'Upgrading my plan from the dashboard was straightforward, and the new terms were spelled out.' },
  { id: 't14', name: 'Ana Lucía Reyes', location: 'Monterrey, Mexico', quote: 'The site works well on my phone, which is where I check everything.' },
];
