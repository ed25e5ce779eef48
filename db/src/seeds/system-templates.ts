// Built-in system checklist templates (turnover, move-in, move-out) seeded for every Turnproof account.

export type RunKind = 'turnover' | 'move_in' | 'move_out';

export interface SeedTask {
  title: string;
  description: string | null;
  /** Number of photos required to complete the task (0..5). */
  required_media: number;
}

export interface SeedSection {
  id: string;
  title: string;
  description: string;
  tasks: SeedTask[];
}

export interface SystemTemplateSeed {
  slug: string;
  name: string;
  kind: RunKind;
  description: string;
  subtitle: string;
  estimatedMinutes: number;
  difficulty: 'Easy' | 'Medium' | 'Advanced';
  features: string[]; // 4-6 bullet points for the public template page
  /** One default template per kind is copied as a checklist onto every new property. */
  isDefault: boolean;
  sections: SeedSection[];
}

export const systemTemplates: SystemTemplateSeed[] = [
  // ---------------------------------------------------------------------------
  {
    slug: 'airbnb-turnover-cleaning-checklist',
    name: 'Airbnb Turnover Cleaning Checklist',
    kind: 'turnover',
    description:
      'A complete room-by-room turnover checklist for short-term rentals, covering cleaning, linen changes, restocking, and photo proof that the unit is guest-ready.',
    subtitle: 'Room-by-room cleaning and reset between guests',
    estimatedMinutes: 120,
    difficulty: 'Medium',
    features: [
      'Room-by-room tasks for kitchen, bathrooms, bedrooms, and living areas',
      'Photo proof on key tasks like made beds and staged bathrooms',
      'Restocking checks for toiletries, paper goods, and coffee supplies',
      'Damage and missing-item reporting before the next check-in',
      'Final walkthrough to confirm locks, thermostat, and lighting',
    ],
    isDefault: true,
    sections: [
      {
        id: 'arrival',
        title: 'Arrival & Initial Check',
        description: 'Document the condition the last guest left the unit in before cleaning starts.',
        tasks: [
          {
            title: 'Photograph the unit on arrival before touching anything',
            description: 'Capture the main living area and any obvious mess or damage.',
            required_media: 2,
          },
          {
            title: 'Check for guest damage or missing items',
            description: 'Note broken items, stains, or missing inventory for the host.',
            required_media: 0,
          },
          {
            title: 'Collect items left behind by guests',
            description: 'Bag and label any personal belongings for lost and found.',
            required_media: 1,
          },
          { title: 'Open windows to air out the unit', description: null, required_media: 0 },
          {
            title: 'Strip all beds and start the first laundry load',
            description: 'Wash sheets on hot and check mattress protectors for stains.',
            required_media: 0,
          },
        ],
      },
      {
        id: 'kitchen',
        title: 'Kitchen',
        description: 'Clean all surfaces and appliances and reset dishes and supplies.',
        tasks: [
          {
            title: 'Empty and run the dishwasher, then put away all dishes',
            description: 'Re-wash any dishes guests left in cabinets dirty.',
            required_media: 0,
          },
          { title: 'Wipe inside microwave and remove turntable stains', description: null, required_media: 0 },
          {
            title: 'Clear out refrigerator and wipe shelves',
            description: 'Discard all guest food unless the host keeps a pantry policy.',
            required_media: 1,
          },
          { title: 'Degrease stovetop, knobs, and range hood', description: null, required_media: 0 },
          { title: 'Wipe countertops, backsplash, and cabinet fronts', description: null, required_media: 0 },
          { title: 'Scrub sink and polish faucet', description: null, required_media: 0 },
          {
            title: 'Empty coffee maker and descale if needed',
            description: 'Discard used grounds or pods and rinse the carafe.',
            required_media: 0,
          },
          { title: 'Photograph the finished kitchen', description: null, required_media: 1 },
        ],
      },
      {
        id: 'bathrooms',
        title: 'Bathrooms',
        description: 'Sanitize every bathroom and stage fresh towels and toiletries.',
        tasks: [
          {
            title: 'Scrub and disinfect toilet inside, outside, and behind the base',
            description: null,
            required_media: 0,
          },
          {
            title: 'Clean shower, tub, and glass doors of soap scum',
            description: 'Remove hair from drains and check for slow drainage.',
            required_media: 0,
          },
          { title: 'Wipe mirrors and vanity streak-free', description: null, required_media: 0 },
          {
            title: 'Replace bath towels, hand towels, and bath mat',
            description: 'Fold towels to the property standard.',
            required_media: 0,
          },
          {
            title: 'Restock toilet paper, shampoo, conditioner, and body wash',
            description: 'Leave at least two spare toilet paper rolls per bathroom.',
            required_media: 0,
          },
          { title: 'Mop the floor and empty the trash', description: null, required_media: 0 },
          { title: 'Photograph the staged bathroom', description: null, required_media: 1 },
        ],
      },
      {
        id: 'bedrooms',
        title: 'Bedrooms',
        description: 'Make beds with fresh linens and reset each bedroom.',
        tasks: [
          {
            title: 'Make beds with freshly laundered linens',
            description: 'Tuck sheets tightly and arrange pillows to the staging photo.',
            required_media: 0,
          },
          { title: 'Check under beds and in drawers for left-behind items', description: null, required_media: 0 },
          { title: 'Dust nightstands, lamps, and headboards', description: null, required_media: 0 },
          { title: 'Vacuum carpets or sweep and mop floors', description: null, required_media: 0 },
          { title: 'Confirm spare blankets and pillows are in the closet', description: null, required_media: 0 },
          { title: 'Photograph made bed', description: null, required_media: 1 },
        ],
      },
      {
        id: 'living-areas',
        title: 'Living Areas',
        description: 'Tidy and clean shared living and dining spaces.',
        tasks: [
          { title: 'Dust TV, media console, and shelves', description: null, required_media: 0 },
          {
            title: 'Vacuum sofa cushions and check for stains',
            description: 'Spot-treat any stains and report ones that do not lift.',
            required_media: 0,
          },
          { title: 'Fluff and arrange throw pillows and blankets', description: null, required_media: 0 },
          { title: 'Wipe dining table and chairs', description: null, required_media: 0 },
          { title: 'Reset remotes and confirm TV and Wi-Fi work', description: null, required_media: 0 },
          { title: 'Vacuum and mop all floors', description: null, required_media: 0 },
        ],
      },
      {
        id: 'restock',
        title: 'Restock & Supplies',
        description: 'Top up consumables so the next guest has everything they need.',
        tasks: [
          { title: 'Restock coffee, tea, sugar, and creamer', description: null, required_media: 0 },
          { title: 'Restock dish soap, sponges, and dishwasher pods', description: null, required_media: 0 },
          { title: 'Replace trash bags in every bin', description: null, required_media: 0 },
          {
            title: 'Count paper towels and toilet paper in storage',
            description: 'Report to the host if supplies are below the par level.',
            required_media: 0,
          },
          { title: 'Place welcome card and house guide in view', description: null, required_media: 0 },
        ],
      },
      {
        id: 'final-walkthrough',
        title: 'Final Walkthrough',
        description: 'Confirm the unit is guest-ready and secure before leaving.',
        tasks: [
          { title: 'Set thermostat to the check-in temperature', description: null, required_media: 0 },
          { title: 'Turn off all lights except the entry light', description: null, required_media: 0 },
          { title: 'Close and lock all windows and doors', description: null, required_media: 0 },
          { title: 'Take trash and recycling to outdoor bins', description: null, required_media: 0 },
          {
            title: 'Photograph the living area from the entry',
            description: 'This is the first view the next guest will see.',
            required_media: 1,
          },
        ],
      },
    ],
  },
  // ---------------------------------------------------------------------------
  {
    slug: 'vrbo-turnover-checklist',
    name: 'Vrbo Turnover Checklist',
    kind: 'turnover',
    description:
      'A turnover checklist built for whole-home Vrbo rentals with multiple bedrooms, outdoor spaces, and amenities like hot tubs and grills.',
    subtitle: 'Whole-home turnover for larger family rentals',
    estimatedMinutes: 180,
    difficulty: 'Medium',
    features: [
      'Designed for multi-bedroom whole-home rentals',
      'Outdoor, grill, and hot tub checks included',
      'Linen and towel counts for large groups',
      'Photo proof of bedrooms, kitchen, and outdoor areas',
      'Amenity and game room reset tasks',
    ],
    isDefault: false,
    sections: [
      {
        id: 'entry',
        title: 'Entry & Walkthrough',
        description: 'Assess the home and record issues before cleaning.',
        tasks: [
          {
            title: 'Photograph each room on arrival',
            description: 'Record the condition left by departing guests.',
            required_media: 2,
          },
          { title: 'Check for damage, stains, or missing items', description: null, required_media: 0 },
          {
            title: 'Confirm guest count matched the booking by checking used linens',
            description: 'Report signs of unauthorized extra guests or pets.',
            required_media: 0,
          },
          { title: 'Sweep entryway and wipe front door and handle', description: null, required_media: 0 },
        ],
      },
      {
        id: 'kitchen',
        title: 'Kitchen & Dining',
        description: 'Clean the full kitchen and reset dishware for a large group.',
        tasks: [
          { title: 'Run and unload the dishwasher', description: null, required_media: 0 },
          { title: 'Clean oven interior if guests used it', description: null, required_media: 0 },
          { title: 'Wipe inside refrigerator and freezer and discard leftovers', description: null, required_media: 0 },
          {
            title: 'Clean small appliances: toaster, blender, and coffee maker',
            description: 'Empty toaster crumb tray.',
            required_media: 0,
          },
          { title: 'Verify dish and utensil count against the inventory list', description: null, required_media: 0 },
          { title: 'Wipe counters, cabinet fronts, and dining table', description: null, required_media: 0 },
          { title: 'Photograph the finished kitchen', description: null, required_media: 1 },
        ],
      },
      {
        id: 'bedrooms',
        title: 'Bedrooms',
        description: 'Reset every bedroom, including bunk rooms and sofa beds.',
        tasks: [
          { title: 'Strip and remake all beds, including bunks and sofa beds', description: null, required_media: 0 },
          { title: 'Fold sofa beds back and replace cushions', description: null, required_media: 0 },
          { title: 'Dust surfaces and check closets and drawers', description: null, required_media: 0 },
          { title: 'Vacuum floors and under beds', description: null, required_media: 0 },
          { title: 'Photograph each made bed', description: 'One photo per bedroom.', required_media: 1 },
        ],
      },
      {
        id: 'bathrooms',
        title: 'Bathrooms',
        description: 'Sanitize and restock every bathroom in the home.',
        tasks: [
          { title: 'Disinfect toilets, sinks, and counters', description: null, required_media: 0 },
          { title: 'Scrub showers and tubs and clear drains', description: null, required_media: 0 },
          { title: 'Clean mirrors and fixtures', description: null, required_media: 0 },
          { title: 'Hang fresh towels and restock toiletries', description: null, required_media: 0 },
          { title: 'Photograph each staged bathroom', description: null, required_media: 1 },
        ],
      },
      {
        id: 'outdoor',
        title: 'Outdoor & Amenities',
        description: 'Reset patios, grills, and hot tubs for the next guests.',
        tasks: [
          { title: 'Scrape grill grates and empty the grease trap', description: null, required_media: 0 },
          {
            title: 'Check propane tank level',
            description: 'Report to the host if under one-quarter full.',
            required_media: 0,
          },
          {
            title: 'Test hot tub chemistry and skim debris',
            description: 'Record pH and sanitizer readings.',
            required_media: 1,
          },
          { title: 'Wipe patio furniture and arrange cushions', description: null, required_media: 0 },
          { title: 'Collect outdoor trash and sweep the deck', description: null, required_media: 0 },
          { title: 'Photograph the outdoor area', description: null, required_media: 1 },
        ],
      },
      {
        id: 'final',
        title: 'Final Reset',
        description: 'Lock up and prepare the home for check-in.',
        tasks: [
          { title: 'Reset game room, board games, and toys', description: null, required_media: 0 },
          { title: 'Set thermostat and turn off lights and fans', description: null, required_media: 0 },
          { title: 'Lock all doors, windows, and the garage', description: null, required_media: 0 },
          { title: 'Confirm the door code has been reset for the next guest', description: null, required_media: 0 },
        ],
      },
    ],
  },
  // ---------------------------------------------------------------------------
  {
    slug: 'move-in-inspection-checklist',
    name: 'Move-In Inspection Checklist',
    kind: 'move_in',
    description:
      'A room-by-room move-in inspection that documents the condition of walls, floors, fixtures, and appliances with timestamped photos before a tenant or guest takes possession.',
    subtitle: 'Document condition before occupancy begins',
    estimatedMinutes: 60,
    difficulty: 'Easy',
    features: [
      'Room-by-room condition documentation',
      'Timestamped photo evidence for deposit disputes',
      'Appliance, plumbing, and electrical function checks',
      'Safety device and key handover verification',
      'Meter readings recorded at move-in',
    ],
    isDefault: true,
    sections: [
      {
        id: 'exterior-entry',
        title: 'Exterior & Entry',
        description: 'Record the condition of entry points and exterior features.',
        tasks: [
          { title: 'Photograph the front door, frame, and lock', description: null, required_media: 1 },
          {
            title: 'Test all keys, fobs, and door codes',
            description: 'Record the number of keys handed over.',
            required_media: 0,
          },
          { title: 'Check doorbell, porch light, and mailbox', description: null, required_media: 0 },
          { title: 'Note any scuffs or damage in the entry hallway', description: null, required_media: 1 },
        ],
      },
      {
        id: 'living-areas',
        title: 'Living Areas',
        description: 'Document walls, floors, windows, and furnishings in shared rooms.',
        tasks: [
          {
            title: 'Photograph walls and ceiling in each room',
            description: 'Capture any nail holes, cracks, or stains.',
            required_media: 2,
          },
          { title: 'Photograph flooring and note scratches or stains', description: null, required_media: 1 },
          { title: 'Open and close all windows and check screens', description: null, required_media: 0 },
          { title: 'Test light switches and outlets', description: null, required_media: 0 },
          { title: 'Check blinds and curtains operate correctly', description: null, required_media: 0 },
        ],
      },
      {
        id: 'kitchen',
        title: 'Kitchen',
        description: 'Confirm appliances work and record cabinet and counter condition.',
        tasks: [
          { title: 'Test all stove burners and oven', description: null, required_media: 0 },
          { title: 'Confirm refrigerator and freezer are cooling', description: null, required_media: 0 },
          { title: 'Run the dishwasher and garbage disposal briefly', description: null, required_media: 0 },
          { title: 'Check under the sink for leaks or water damage', description: null, required_media: 1 },
          { title: 'Photograph countertops and cabinet fronts', description: null, required_media: 1 },
        ],
      },
      {
        id: 'bathrooms',
        title: 'Bathrooms',
        description: 'Check plumbing function and record fixture condition.',
        tasks: [
          { title: 'Flush toilets and check for running or leaks', description: null, required_media: 0 },
          { title: 'Run sinks and shower to check water pressure and hot water', description: null, required_media: 0 },
          { title: 'Inspect caulking and grout for mold or gaps', description: null, required_media: 1 },
          { title: 'Test exhaust fan', description: null, required_media: 0 },
          { title: 'Photograph vanity, tub, and shower', description: null, required_media: 1 },
        ],
      },
      {
        id: 'bedrooms',
        title: 'Bedrooms',
        description: 'Record the condition of each bedroom and its closets.',
        tasks: [
          { title: 'Photograph each bedroom from the doorway', description: null, required_media: 1 },
          { title: 'Check closet doors, rods, and shelves', description: null, required_media: 0 },
          { title: 'Inspect carpet or flooring for stains and wear', description: null, required_media: 1 },
          { title: 'Test window locks and smoke detector', description: null, required_media: 0 },
        ],
      },
      {
        id: 'safety-utilities',
        title: 'Safety & Utilities',
        description: 'Verify safety devices and record utility readings.',
        tasks: [
          { title: 'Test smoke and carbon monoxide detectors', description: null, required_media: 0 },
          { title: 'Confirm fire extinguisher is present and charged', description: null, required_media: 1 },
          {
            title: 'Record electric, gas, and water meter readings',
            description: 'Photograph each meter display.',
            required_media: 2,
          },
          { title: 'Locate the main water shutoff and electrical panel', description: null, required_media: 0 },
          { title: 'Check HVAC operation and filter date', description: null, required_media: 0 },
        ],
      },
    ],
  },
  // ---------------------------------------------------------------------------
  {
    slug: 'move-out-inspection-checklist',
    name: 'Move-Out Inspection Checklist',
    kind: 'move_out',
    description:
      'A move-out inspection that compares the unit to its move-in condition, documents damage beyond normal wear and tear, and records keys and utilities at handback.',
    subtitle: 'Compare condition at departure and document damage',
    estimatedMinutes: 75,
    difficulty: 'Medium',
    features: [
      'Side-by-side comparison with move-in condition',
      'Damage vs. normal wear and tear documentation',
      'Photo evidence to support deposit deductions',
      'Key, fob, and remote return tracking',
      'Final meter readings and utility handoff',
    ],
    isDefault: true,
    sections: [
      {
        id: 'entry-keys',
        title: 'Entry & Keys',
        description: 'Collect access items and record the entry condition.',
        tasks: [
          {
            title: 'Collect all keys, fobs, and garage remotes',
            description: 'Compare the count with the move-in record.',
            required_media: 1,
          },
          { title: 'Photograph the front door and entry', description: null, required_media: 1 },
          { title: 'Confirm forwarding address has been provided', description: null, required_media: 0 },
        ],
      },
      {
        id: 'living-areas',
        title: 'Living Areas',
        description: 'Compare walls, floors, and windows to move-in photos.',
        tasks: [
          {
            title: 'Photograph walls and note new holes, marks, or paint damage',
            description: null,
            required_media: 2,
          },
          { title: 'Inspect flooring for new scratches, burns, or stains', description: null, required_media: 1 },
          { title: 'Check windows, screens, and blinds for damage', description: null, required_media: 0 },
          { title: 'Confirm all personal belongings and furniture are removed', description: null, required_media: 0 },
          { title: 'Note any odors such as smoke or pets', description: null, required_media: 0 },
        ],
      },
      {
        id: 'kitchen',
        title: 'Kitchen',
        description: 'Check cleanliness and function of all kitchen appliances.',
        tasks: [
          { title: 'Inspect oven and stovetop for cleanliness and damage', description: null, required_media: 1 },
          { title: 'Confirm refrigerator is emptied and wiped out', description: null, required_media: 1 },
          { title: 'Check countertops for burns, cuts, or chips', description: null, required_media: 0 },
          { title: 'Inspect cabinets and drawers for broken hinges or slides', description: null, required_media: 0 },
          { title: 'Check under the sink for leaks', description: null, required_media: 0 },
        ],
      },
      {
        id: 'bathrooms',
        title: 'Bathrooms',
        description: 'Document fixture condition and any water damage.',
        tasks: [
          { title: 'Inspect toilet, sink, and tub for cracks or chips', description: null, required_media: 0 },
          { title: 'Check for mold, mildew, or failed caulking', description: null, required_media: 1 },
          { title: 'Confirm mirrors, towel bars, and fixtures are intact', description: null, required_media: 0 },
          { title: 'Photograph each bathroom', description: null, required_media: 1 },
        ],
      },
      {
        id: 'bedrooms',
        title: 'Bedrooms',
        description: 'Compare each bedroom to its move-in condition.',
        tasks: [
          { title: 'Photograph each bedroom from the doorway', description: null, required_media: 1 },
          { title: 'Inspect carpet for stains or pet damage', description: null, required_media: 1 },
          { title: 'Check closets for left-behind items and damage', description: null, required_media: 0 },
          { title: 'Test window locks and light fixtures', description: null, required_media: 0 },
        ],
      },
      {
        id: 'utilities-final',
        title: 'Utilities & Final',
        description: 'Record final readings and secure the unit.',
        tasks: [
          { title: 'Record final electric, gas, and water meter readings', description: null, required_media: 2 },
          { title: 'Test smoke and carbon monoxide detectors', description: null, required_media: 0 },
          { title: 'Replace missing light bulbs and note the count', description: null, required_media: 0 },
          { title: 'Set thermostat to the vacant setting', description: null, required_media: 0 },
          { title: 'Lock all doors and windows', description: null, required_media: 0 },
        ],
      },
    ],
  },
  // ---------------------------------------------------------------------------
  {
    slug: 'deep-clean-turnover-checklist',
    name: 'Deep Clean Turnover Checklist',
    kind: 'turnover',
    description:
      'A periodic deep-clean checklist for short-term rentals that goes beyond the standard turnover, tackling baseboards, appliances, grout, and soft furnishings.',
    subtitle: 'Monthly or seasonal deep clean between stays',
    estimatedMinutes: 240,
    difficulty: 'Advanced',
    features: [
      'Detailed tasks for appliances, grout, and baseboards',
      'Mattress, upholstery, and curtain care',
      'High-dusting of fans, vents, and light fixtures',
      'Before-and-after photo proof on key tasks',
      'Ideal for monthly or seasonal scheduling',
    ],
    isDefault: false,
    sections: [
      {
        id: 'kitchen',
        title: 'Kitchen Deep Clean',
        description: 'Clean inside and behind every kitchen appliance.',
        tasks: [
          {
            title: 'Degrease oven interior and racks',
            description: 'Use oven cleaner and let it dwell per the label.',
            required_media: 1,
          },
          { title: 'Pull out refrigerator and clean behind and underneath', description: null, required_media: 0 },
          { title: 'Clean range hood filter', description: 'Soak in hot water with degreaser.', required_media: 0 },
          { title: 'Run a dishwasher cleaning cycle and clean the filter', description: null, required_media: 0 },
          { title: 'Wipe inside all cabinets and drawers', description: null, required_media: 0 },
          { title: 'Descale kettle and coffee maker', description: null, required_media: 0 },
          { title: 'Clean garbage disposal and deodorize the drain', description: null, required_media: 0 },
        ],
      },
      {
        id: 'bathrooms',
        title: 'Bathroom Deep Clean',
        description: 'Restore grout, fixtures, and hidden areas.',
        tasks: [
          { title: 'Scrub grout lines and treat any mildew', description: null, required_media: 1 },
          { title: 'Descale showerheads and faucets', description: null, required_media: 0 },
          { title: 'Wash or replace shower curtain and liner', description: null, required_media: 0 },
          { title: 'Clean exhaust fan cover and blades', description: null, required_media: 0 },
          { title: 'Wipe inside vanity drawers and cabinets', description: null, required_media: 0 },
          { title: 'Clean behind the toilet and around the base', description: null, required_media: 0 },
        ],
      },
      {
        id: 'bedrooms',
        title: 'Bedrooms',
        description: 'Refresh mattresses, pillows, and window treatments.',
        tasks: [
          { title: 'Vacuum and rotate mattresses', description: null, required_media: 0 },
          { title: 'Wash mattress protectors, duvets, and pillows', description: null, required_media: 0 },
          { title: 'Vacuum under and behind beds and furniture', description: null, required_media: 0 },
          { title: 'Wash or steam curtains', description: null, required_media: 0 },
          { title: 'Photograph refreshed bedroom', description: null, required_media: 1 },
        ],
      },
      {
        id: 'living-areas',
        title: 'Living Areas',
        description: 'Deep clean upholstery, carpets, and hard-to-reach areas.',
        tasks: [
          { title: 'Shampoo or steam clean upholstery', description: null, required_media: 1 },
          { title: 'Steam clean carpets and area rugs', description: null, required_media: 0 },
          { title: 'Wipe baseboards, door frames, and light switches', description: null, required_media: 0 },
          { title: 'Clean interior windows and window tracks', description: null, required_media: 0 },
          { title: 'Wash throw blankets and pillow covers', description: null, required_media: 0 },
        ],
      },
      {
        id: 'high-dusting',
        title: 'High Dusting & Vents',
        description: 'Remove dust buildup from overhead fixtures and vents.',
        tasks: [
          { title: 'Dust ceiling fan blades', description: null, required_media: 0 },
          { title: 'Clean light fixtures and replace burned-out bulbs', description: null, required_media: 0 },
          { title: 'Vacuum and wipe HVAC vents and return grilles', description: null, required_media: 0 },
          { title: 'Remove cobwebs from ceiling corners', description: null, required_media: 0 },
          { title: 'Replace HVAC filter and note the date', description: null, required_media: 1 },
        ],
      },
    ],
  },
  // ---------------------------------------------------------------------------
  {
    slug: 'furnished-rental-inspection',
    name: 'Furnished Rental Inspection',
    kind: 'move_in',
    description:
      'A move-in inspection for furnished rentals that inventories furniture, electronics, kitchenware, and linens alongside the condition of the unit itself.',
    subtitle: 'Condition and inventory check for furnished units',
    estimatedMinutes: 90,
    difficulty: 'Medium',
    features: [
      'Furniture and decor condition documentation',
      'Electronics and appliance function tests',
      'Kitchenware and linen inventory counts',
      'Photo evidence of high-value items',
      'Ideal for mid-term and corporate rentals',
    ],
    isDefault: false,
    sections: [
      {
        id: 'furniture',
        title: 'Furniture & Decor',
        description: 'Record the condition of every furniture piece and decor item.',
        tasks: [
          { title: 'Photograph sofa and chairs, noting stains or tears', description: null, required_media: 2 },
          { title: 'Inspect tables and dressers for scratches or water rings', description: null, required_media: 1 },
          { title: 'Check bed frames and headboards are stable', description: null, required_media: 0 },
          { title: 'Photograph artwork, mirrors, and decor items', description: null, required_media: 1 },
          { title: 'Count lamps and confirm each one works', description: null, required_media: 0 },
        ],
      },
      {
        id: 'electronics',
        title: 'Electronics',
        description: 'Test every device included with the rental.',
        tasks: [
          { title: 'Test TVs and streaming devices with remotes', description: null, required_media: 0 },
          { title: 'Confirm Wi-Fi network name and password match the guide', description: null, required_media: 0 },
          { title: 'Test smart lock, thermostat, and other smart devices', description: null, required_media: 0 },
          { title: 'Photograph serial numbers of high-value electronics', description: null, required_media: 1 },
        ],
      },
      {
        id: 'kitchen',
        title: 'Kitchen & Kitchenware',
        description: 'Inventory kitchenware and test appliances.',
        tasks: [
          {
            title: 'Count plates, bowls, glasses, and mugs',
            description: 'Compare with the inventory list and note chips.',
            required_media: 0,
          },
          { title: 'Count cutlery and cooking utensils', description: null, required_media: 0 },
          { title: 'Check pots and pans for nonstick damage', description: null, required_media: 0 },
          { title: 'Test microwave, toaster, kettle, and coffee maker', description: null, required_media: 0 },
          { title: 'Photograph open kitchen cabinets to show contents', description: null, required_media: 2 },
        ],
      },
      {
        id: 'linens',
        title: 'Linens & Bedding',
        description: 'Count and inspect all supplied linens.',
        tasks: [
          { title: 'Count sheet sets per bed', description: null, required_media: 0 },
          { title: 'Count bath towels, hand towels, and washcloths', description: null, required_media: 0 },
          { title: 'Inspect mattresses and protectors for stains', description: null, required_media: 1 },
          { title: 'Check duvets, pillows, and spare blankets', description: null, required_media: 0 },
        ],
      },
      {
        id: 'unit-condition',
        title: 'Unit Condition',
        description: 'Document walls, floors, and fixtures.',
        tasks: [
          { title: 'Photograph walls and floors in each room', description: null, required_media: 2 },
          { title: 'Test plumbing fixtures for leaks and drainage', description: null, required_media: 0 },
          { title: 'Test smoke and carbon monoxide detectors', description: null, required_media: 0 },
          { title: 'Record meter readings', description: null, required_media: 1 },
          { title: 'Confirm keys and access codes handed over', description: null, required_media: 0 },
        ],
      },
    ],
  },
  // ---------------------------------------------------------------------------
  {
    slug: 'pre-arrival-inspection',
    name: 'Pre-Arrival Inspection',
    kind: 'turnover',
    description:
      'A quick quality-control inspection run after cleaning and before guest check-in to confirm the unit is spotless, stocked, and working.',
    subtitle: 'Final quality check before guests arrive',
    estimatedMinutes: 30,
    difficulty: 'Easy',
    features: [
      'Fast 30-minute quality-control pass',
      'Verifies cleaning standards were met',
      'Checks amenities, Wi-Fi, and smart locks',
      'Photo proof of staging in key rooms',
      'Catches issues before guests do',
    ],
    isDefault: false,
    sections: [
      {
        id: 'access',
        title: 'Access & Entry',
        description: 'Make sure guests can get in and feel welcome.',
        tasks: [
          { title: 'Test the door code or lockbox for the incoming guest', description: null, required_media: 0 },
          { title: 'Check exterior lighting and house number visibility', description: null, required_media: 0 },
          { title: 'Confirm entryway is swept and clear', description: null, required_media: 1 },
        ],
      },
      {
        id: 'cleanliness',
        title: 'Cleanliness Spot Check',
        description: 'Spot-check areas guests notice first.',
        tasks: [
          { title: 'Check for hair in showers, sinks, and on floors', description: null, required_media: 0 },
          { title: 'Check mirrors and glass for streaks', description: null, required_media: 0 },
          { title: 'Run a hand over surfaces to check for dust', description: null, required_media: 0 },
          { title: 'Confirm all trash cans are empty and lined', description: null, required_media: 0 },
          { title: 'Check that no odors are present', description: null, required_media: 0 },
        ],
      },
      {
        id: 'staging',
        title: 'Staging',
        description: 'Confirm rooms match the listing photos.',
        tasks: [
          { title: 'Photograph made beds in each bedroom', description: null, required_media: 1 },
          { title: 'Photograph staged bathroom towels', description: null, required_media: 1 },
          { title: 'Confirm furniture layout matches listing photos', description: null, required_media: 0 },
          { title: 'Place welcome note and any guest gifts', description: null, required_media: 1 },
        ],
      },
      {
        id: 'amenities',
        title: 'Amenities & Systems',
        description: 'Verify everything the listing promises is working.',
        tasks: [
          { title: 'Test Wi-Fi speed and connection', description: null, required_media: 0 },
          {
            title: 'Confirm TV and streaming apps are logged out of previous accounts',
            description: null,
            required_media: 0,
          },
          { title: 'Set thermostat to a comfortable arrival temperature', description: null, required_media: 0 },
          { title: 'Confirm hot water is available', description: null, required_media: 0 },
          { title: 'Check supplies of toilet paper, soap, and coffee', description: null, required_media: 0 },
        ],
      },
    ],
  },
  // ---------------------------------------------------------------------------
  {
    slug: 'post-departure-inspection',
    name: 'Post-Departure Inspection',
    kind: 'move_out',
    description:
      'An inspection run right after guests check out to document damage, missing items, and house-rule violations before cleaning begins, with photos to support claims.',
    subtitle: 'Document damage and missing items at checkout',
    estimatedMinutes: 45,
    difficulty: 'Easy',
    features: [
      'Captures condition before cleaners touch anything',
      'Photo evidence to support damage claims',
      'Missing inventory and left-behind item tracking',
      'House-rule checks for smoking, pets, and parties',
      'Fast handoff to the cleaning team',
    ],
    isDefault: false,
    sections: [
      {
        id: 'overview',
        title: 'Overall Condition',
        description: 'Record how the unit looked at checkout.',
        tasks: [
          { title: 'Photograph every room as found', description: null, required_media: 3 },
          { title: 'Confirm guests have fully checked out', description: null, required_media: 0 },
          { title: 'Check for smoke, vape, or pet odors', description: null, required_media: 0 },
          {
            title: 'Look for signs of a party or extra guests',
            description: 'Note excess trash, moved furniture, or extra bedding used.',
            required_media: 0,
          },
        ],
      },
      {
        id: 'damage',
        title: 'Damage Check',
        description: 'Look for damage beyond normal wear and tear.',
        tasks: [
          { title: 'Inspect walls and doors for holes or scuffs', description: null, required_media: 1 },
          { title: 'Inspect furniture and upholstery for stains or tears', description: null, required_media: 1 },
          { title: 'Check linens and towels for stains, burns, or makeup', description: null, required_media: 1 },
          { title: 'Check appliances and electronics for damage', description: null, required_media: 0 },
          { title: 'Inspect flooring for new scratches or spills', description: null, required_media: 0 },
        ],
      },
      {
        id: 'inventory',
        title: 'Inventory',
        description: 'Confirm all supplied items are present.',
        tasks: [
          { title: 'Count remotes, keys, and access cards', description: null, required_media: 0 },
          { title: 'Confirm towel and linen counts', description: null, required_media: 0 },
          { title: 'Check kitchenware for missing or broken items', description: null, required_media: 0 },
          { title: 'Log and photograph items left behind by guests', description: null, required_media: 1 },
        ],
      },
      {
        id: 'systems',
        title: 'Systems & Security',
        description: 'Check that the home is secure and systems are undamaged.',
        tasks: [
          { title: 'Check all windows and doors are closed and locked', description: null, required_media: 0 },
          { title: 'Check for leaks under sinks and around toilets', description: null, required_media: 0 },
          { title: 'Reset thermostat to the vacancy setting', description: null, required_media: 0 },
          { title: 'Report any maintenance issues to the host', description: null, required_media: 0 },
        ],
      },
    ],
  },
];
