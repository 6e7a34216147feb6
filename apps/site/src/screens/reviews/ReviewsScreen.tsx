import { Carousel, PageHeader, Testimonial } from '@ledgerline/ui';
import { siteConfig } from '../../config';
import { reviewsHeading, testimonials } from '../../content/reviews';
import * as styles from './ReviewsScreen.css';

const config = { productName: siteConfig.productName, supportEmail: siteConfig.supportEmail };

/**
 * /reviews: the five testimonies in the carousel under "Embracing Healthy Competition".
 * The carousel brings its layout: one slide, two from 600 px, three from 1200 px, 30 px apart,
 * with buttons and a dot per position that the keyboard reaches too.
 */
export function ReviewsScreen() {
  const heading = reviewsHeading(config);
  return (
    <main className={styles.page}>
      <PageHeader title={heading.title} brief={heading.brief} />
      <Carousel label="Customer testimonies">
        {testimonials.map((testimony) => (
          <Testimonial
            key={testimony.name}
            className={styles.testimony}
            quote={testimony.quote}
            name={testimony.name}
            place={testimony.city}
            avatar={testimony.image}
          />
        ))}
      </Carousel>
    </main>
  );
}
