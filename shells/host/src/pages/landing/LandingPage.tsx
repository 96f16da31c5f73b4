import { Faq } from './Faq.tsx';
import { Features } from './Features.tsx';
import { Hero } from './Hero.tsx';
import { ServicePricing } from './ServicePricing.tsx';
import { Showcase } from './Showcase.tsx';
import './landing.css';

/** The home page (/). */
export function LandingPage() {
  return (
    <>
      <Hero />
      <Features />
      <ServicePricing />
      <Showcase />
      <Faq />
    </>
  );
}
