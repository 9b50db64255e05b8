import type { StoreItem } from '../../../stores/cart.ts'

/** Sample catalogue (docs/product/data.md: prices 2000, 1500, 500, 1000, 300 LD). */
export const SHOP_ITEMS: readonly StoreItem[] = [
  {
    id: 1,
    name: 'Competition Lever Belt',
    description: '10 mm leather with a steel lever: IPF-approved bracing for heavy squats and pulls.',
    price: 2000,
    image: '/store/belt.svg',
    category: 'gear',
    inStock: true,
  },
  {
    id: 2,
    name: 'Squat Shoes',
    description: 'Raised heel and a rigid sole for a stable, upright squat.',
    price: 1500,
    image: '/store/shoes.svg',
    category: 'apparel',
    inStock: false,
  },
  {
    id: 3,
    name: 'Pre-Workout Formula',
    description: 'Caffeine and citrulline, 30 servings. Lemon.',
    price: 500,
    image: '/store/preworkout.svg',
    category: 'supplements',
    inStock: true,
  },
  {
    id: 4,
    name: 'Knee Sleeves',
    description: '7 mm neoprene, a pair. Warmth and support through the whole set.',
    price: 1000,
    image: '/store/sleeves.svg',
    category: 'accessories',
    inStock: true,
  },
  {
    id: 5,
    name: 'Chalk Block',
    description: 'Pure magnesium carbonate for a grip that holds on the last rep.',
    price: 300,
    image: '/store/chalk.svg',
    category: 'accessories',
    inStock: true,
  },
]
