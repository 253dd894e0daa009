/** Word lists for the demo warehouse: 30 products in each of 8 categories. */
export const CATEGORY_PRODUCTS: Record<string, { nouns: string[]; priceRange: [number, number] }> = {
  appliance: { nouns: ['Air Fryer', 'Blender', 'Rice Cooker', 'Electric Kettle', 'Coffee Maker', 'Vacuum Cleaner', 'Desk Fan', 'Air Purifier', 'Toaster', 'Steam Iron'], priceRange: [1500, 18000] },
  clothing: { nouns: ['Cotton T-Shirt', 'Denim Jacket', 'Linen Shirt', 'Hoodie', 'Chino Pants', 'Summer Dress', 'Wool Sweater', 'Running Shorts', 'Rain Coat', 'Polo Shirt'], priceRange: [600, 6000] },
  computer: { nouns: ['Wireless Mouse', 'Mechanical Keyboard', 'USB-C Hub', '27" Monitor', 'Laptop Stand', 'Webcam', 'External SSD', 'Gaming Headset', 'Mouse Pad', 'Docking Station'], priceRange: [800, 30000] },
  phone: { nouns: ['Phone Case', 'Fast Charger', 'Power Bank', 'Wireless Earbuds', 'Screen Protector', 'Car Mount', 'Charging Cable', 'Smart Watch', 'Selfie Stick', 'Phone Tripod'], priceRange: [300, 15000] },
  beauty: { nouns: ['Face Serum', 'Lip Balm', 'Hair Dryer', 'Sunscreen', 'Face Mask Set', 'Perfume', 'Makeup Brush Set', 'Hand Cream', 'Nail Polish', 'Shampoo'], priceRange: [400, 9000] },
  books: { nouns: ['Cookbook', 'Travel Guide', 'Mystery Novel', 'Notebook Set', 'Art Book', 'Kids Storybook', 'Language Course', 'Planner 2027', 'Poetry Collection', 'Science Atlas'], priceRange: [500, 4000] },
  food: { nouns: ['Green Tea', 'Coffee Beans', 'Dark Chocolate', 'Mixed Nuts', 'Honey Jar', 'Olive Oil', 'Dried Mango', 'Instant Noodles Box', 'Granola', 'Spice Set'], priceRange: [300, 3500] },
  sports: { nouns: ['Yoga Mat', 'Dumbbell Pair', 'Jump Rope', 'Football', 'Tennis Racket', 'Water Bottle', 'Resistance Bands', 'Cycling Gloves', 'Badminton Set', 'Fitness Tracker'], priceRange: [500, 12000] },
};

export const ADJECTIVES = ['Classic', 'Premium', 'Compact', 'Pro', 'Eco'];

export const BUYER_NAMES = [
  'Nguyen Van An', 'Tran Thi Binh', 'Somchai Prasert', 'Maria Santos', 'Juan dela Cruz', 'Siti Aminah', 'Ahmad Faiz',
  'Budi Santoso', 'Dewi Lestari', 'Tanaka Yui', 'Sato Haruto', 'Kim Minji', 'Lee Jihoon', 'Wang Fang', 'Li Wei',
  'Emily Clark', 'James Miller', 'Pham Minh Chau', 'Aree Wongsa', 'Nur Izzati', 'Rizky Pratama', 'Ana Reyes',
  'Kobayashi Ren', 'Park Soyeon', 'Chen Jie', 'Olivia Brown', 'Hoang Lan', 'Kanya Suksawat', 'Farah Nadia', 'Putri Ayu',
];

export const STREETS = ['12 Le Loi St, District 1, Ho Chi Minh City', '88 Sukhumvit Rd, Bangkok', '5 Ayala Ave, Makati', '21 Jalan Bukit Bintang, Kuala Lumpur', '9 Jl. Sudirman, Jakarta', '3-2-1 Shibuya, Tokyo', '45 Gangnam-daero, Seoul', '100 Nanjing Rd, Shanghai', '77 Market St, San Francisco'];
