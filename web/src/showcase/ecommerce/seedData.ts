// The e-commerce sample's seed data: invented shops and products, common first and last names and cities of Canada.
import type { OrderStatus, ProductCategory, Province } from './schemas';

const list = (words: string) => words.split(', ');

export const FIRST_NAMES = list(
  'Olivia, Emma, Charlotte, Amelia, Sophie, Chloé, Léa, Émilie, Zoé, Noémie, Camille, Florence, Béatrice, Hélène, ' +
    'Maëlle, Aaliyah, Priya, Mei, Hannah, Ava, Liam, Noah, William, Benjamin, Lucas, Thomas, Nathan, Gabriel, ' +
    'Félix, Étienne, Jérôme, François, Mathis, Samuel, Olivier, Raphaël, Antoine, Hugo, Jacob, Owen, Ethan, Logan, ' +
    'Arjun, Wei, Daniel, Marc-André, Anne-Marie, Josée, Sébastien, Geneviève',
);

export const LAST_NAMES = list(
  'Tremblay, Gagnon, Roy, Côté, Bouchard, Gauthier, Morin, Lavoie, Fortin, Gagné, Ouellet, Pelletier, Bélanger, ' +
    'Lévesque, Bergeron, Leblanc, Paquette, Girard, Simard, Boucher, Caron, Beaulieu, Cloutier, Dubé, Poirier, ' +
    'Fournier, Lapointe, Leclerc, Lefebvre, Poulin, Thibault, St-Pierre, Nadeau, Landry, Hébert, Desjardins, ' +
    'Couture, Proulx, Boudreau, Smith, Brown, Wilson, MacDonald, Campbell, Anderson, Taylor, Thompson, Johnson, ' +
    "Williams, Miller, Lee, Wong, Chen, Singh, Patel, Nguyen, Kim, Fraser, Murray, O'Brien",
);

/** Where customers live: "city/province/weight", the weight roughly the city's population. */
export const CITIES = list(
  'Toronto/ON/8, Ottawa/ON/3, Mississauga/ON/3, Hamilton/ON/2, London/ON/2, Kingston/ON/1, Sudbury/ON/1, ' +
    'Montréal/QC/6, Québec/QC/3, Laval/QC/2, Gatineau/QC/2, Sherbrooke/QC/1, Trois-Rivières/QC/1, Saguenay/QC/1, ' +
    'Vancouver/BC/4, Victoria/BC/2, Surrey/BC/2, Kelowna/BC/1, Nanaimo/BC/1, Calgary/AB/4, Edmonton/AB/3, ' +
    'Red Deer/AB/1, Lethbridge/AB/1, Winnipeg/MB/2, Brandon/MB/1, Saskatoon/SK/1, Regina/SK/1, Halifax/NS/2, ' +
    "Sydney/NS/1, Moncton/NB/1, Fredericton/NB/1, Saint John/NB/1, St. John's/NL/1, Charlottetown/PE/1, " +
    'Whitehorse/YT/1, Yellowknife/NT/1, Iqaluit/NU/1',
).map((entry) => {
  const [city, province, weight] = entry.split('/');
  return [[city, province as Province], Number(weight)] as const;
});

export const AREA_CODES: Record<Province, readonly number[]> = {
  AB: [403, 780],
  BC: [604, 250],
  MB: [204],
  NB: [506],
  NL: [709],
  NS: [902],
  NT: [867],
  NU: [867],
  ON: [416, 613, 905, 519],
  PE: [902],
  QC: [514, 418, 819, 450],
  SK: [306],
  YT: [867],
};

/** The shops, each selling two categories; every category is sold by five of them. */
export const SHOPS: readonly {
  name: string;
  city: string;
  province: Province;
  categories: readonly [ProductCategory, ProductCategory];
}[] = [
  { name: 'Maple & Birch Home', city: 'Toronto', province: 'ON', categories: ['Home', 'Kitchen'] },
  { name: 'Boréal Plein Air', city: 'Québec', province: 'QC', categories: ['Outdoors', 'Apparel'] },
  { name: 'Pacific Driftwood Kitchen', city: 'Vancouver', province: 'BC', categories: ['Kitchen', 'Home'] },
  { name: 'Prairie Sky Books', city: 'Saskatoon', province: 'SK', categories: ['Books', 'Toys'] },
  { name: 'Northern Lights Electronics', city: 'Yellowknife', province: 'NT', categories: ['Electronics', 'Books'] },
  { name: 'Tidewater Apparel', city: 'Halifax', province: 'NS', categories: ['Apparel', 'Beauty'] },
  { name: 'Laurentides Ski & Vélo', city: 'Mont-Tremblant', province: 'QC', categories: ['Outdoors', 'Apparel'] },
  { name: 'Rideau Circuitry', city: 'Ottawa', province: 'ON', categories: ['Electronics', 'Toys'] },
  { name: 'Chinook Outdoor Supply', city: 'Calgary', province: 'AB', categories: ['Outdoors', 'Electronics'] },
  { name: 'Fundy Bay Toys', city: 'Moncton', province: 'NB', categories: ['Toys', 'Books'] },
  { name: 'Okanagan Pantry', city: 'Kelowna', province: 'BC', categories: ['Kitchen', 'Beauty'] },
  { name: 'Red River Beauty', city: 'Winnipeg', province: 'MB', categories: ['Beauty', 'Apparel'] },
  { name: 'Épicerie Fine Saint-Laurent', city: 'Montréal', province: 'QC', categories: ['Kitchen', 'Home'] },
  { name: 'Muskoka Cabin Co.', city: 'Huntsville', province: 'ON', categories: ['Home', 'Outdoors'] },
  { name: 'Rocky Ridge Sports', city: 'Edmonton', province: 'AB', categories: ['Outdoors', 'Apparel'] },
  { name: 'Cabot Trail Crafts', city: 'Sydney', province: 'NS', categories: ['Home', 'Toys'] },
  { name: 'Georgian Bay Books', city: 'Barrie', province: 'ON', categories: ['Books', 'Beauty'] },
  { name: "Marché de l'Île", city: 'Québec', province: 'QC', categories: ['Kitchen', 'Beauty'] },
  { name: 'Iceberg Alley Books & Gadgets', city: "St. John's", province: 'NL', categories: ['Electronics', 'Books'] },
  { name: 'Confederation Tech', city: 'Charlottetown', province: 'PE', categories: ['Electronics', 'Toys'] },
];

/** Each category's product names (a first part and a second), SKU prefix and price range in dollars. */
export const CATALOGUE: Record<
  ProductCategory,
  { first: string[]; second: string[]; sku: string; price: [number, number] }
> = {
  Electronics: {
    first: list('Aurora, Nova, Polar, Summit, Echo, Pulse, Zenith, Vector, Lumen, Orbit'),
    second: list(
      'Wireless Earbuds, Bluetooth Speaker, Smart Thermostat, 4K Webcam, Mechanical Keyboard, USB-C Hub, ' +
        'Portable Charger, Noise-Cancelling Headphones, Smartwatch, E-Reader',
    ),
    sku: 'ELE',
    price: [19, 649],
  },
  Home: {
    first: list('Cozy, Rustic, Nordic, Heritage, Coastal, Modern, Cedar, Harvest, Willow, Timber'),
    second: list(
      'Wool Throw, Linen Duvet Cover, Table Lamp, Wall Clock, Ceramic Vase, Area Rug, Candle Set, Bookshelf, ' +
        'Storage Basket, Throw Pillow',
    ),
    sku: 'HOM',
    price: [12, 349],
  },
  Kitchen: {
    first: list('Artisan, Classic, Gourmet, Everyday, Copper, Maple, Stoneware, Bistro, Pro, Crème'),
    second: list(
      'Cast Iron Skillet, Chef Knife, Cutting Board, French Press, Dutch Oven, Coffee Grinder, Mixing Bowl Set, ' +
        'Salad Spinner, Tea Kettle, Baking Sheet',
    ),
    sku: 'KIT',
    price: [9, 299],
  },
  Outdoors: {
    first: list('Trailhead, Alpine, Backcountry, Northern, Boréal, Glacier, Tundra, Lakeshore, Ridge, Canyon'),
    second: list(
      'Hiking Backpack, Two-Person Tent, Sleeping Bag, Trekking Poles, Headlamp, Camp Stove, Insulated Bottle, ' +
        'Canoe Paddle, Snowshoes, Hammock',
    ),
    sku: 'OUT',
    price: [15, 549],
  },
  Apparel: {
    first: list('Merino, Flannel, Fleece, Waterproof, Quilted, Organic Cotton, Denim, Cashmere, Thermal, Tweed'),
    second: list('Toque, Parka, Hoodie, Rain Jacket, Mittens, Scarf, Crew Socks, Base Layer, Vest, Shirt'),
    sku: 'APP',
    price: [14, 399],
  },
  Books: {
    first: list(
      'Tales of the, Secrets of the, Songs of the, Return to the, Beyond the, Letters from the, Winter on the, ' +
        'Maps of the, Shadows of the, Legends of the',
    ),
    second: list(
      'Fjord, Prairie, Tundra, Saint-Laurent, Rockies, Lighthouse, Muskeg, Boreal Forest, Bay of Fundy, Northern Sky',
    ),
    sku: 'BOO',
    price: [9, 59],
  },
  Toys: {
    first: list('Wooden, Plush, Magnetic, Deluxe, Junior, Rainbow, Mini, Classic, Explorer, Pocket'),
    second: list(
      'Moose, Train Set, Puzzle, Building Blocks, Beaver, Kite, Dollhouse, Science Kit, Hockey Set, Marble Run',
    ),
    sku: 'TOY',
    price: [8, 129],
  },
  Beauty: {
    first: list('Maple, Lavender, Wild Rose, Sea Salt, Birch, Honey, Cedar, Oat, Blueberry, Juniper'),
    second: list(
      'Lip Balm, Hand Cream, Face Serum, Bath Soak, Body Lotion, Shampoo Bar, Beard Oil, Soap Trio, Night Cream, ' +
        'Sunscreen',
    ),
    sku: 'BEA',
    price: [6, 89],
  },
};

export const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'];

/** The paths an order takes after it is placed, and how often: most are delivered, some cancelled or refunded. */
export const ORDER_PATHS: readonly (readonly [readonly OrderStatus[], number])[] = [
  [['Paid', 'Shipped', 'Delivered'], 83],
  [['Cancelled'], 5],
  [['Paid', 'Cancelled'], 3],
  [['Paid', 'Shipped', 'Delivered', 'Refunded'], 7],
  [['Paid', 'Refunded'], 2],
];

/** How many lines an order has, and how often. */
export const LINE_COUNTS: readonly (readonly [number, number])[] = [
  [1, 35],
  [2, 28],
  [3, 20],
  [4, 10],
  [5, 7],
];
/** How many of a product a line orders, and how often ("more": four to six). */
export const QUANTITIES: readonly (readonly [number | 'more', number])[] = [
  [1, 70],
  [2, 20],
  [3, 7],
  ['more', 3],
];
