// Over 500 lines because it is data: one worked example per question type (the examples page, the
// AI prompt's samples, the journeys' questions), in one table typed by the type list so a type
// without an example is a compile error; the functions after the table read and write examples.
import JSON5 from 'json5';
import {
  ExampleFormatError,
  EXAMPLE_SHORT_ANSWER_MAX_WORDS,
  type QuestionExample,
} from './example-format.ts';
import { familyOf, getQuestionType } from './registry.ts';
import type { Question, QuestionInput } from './question.ts';
import { QUESTION_TYPES, type QuestionTypeId } from './types.ts';

export * from './example-format.ts';

// Small inline SVG drawings so image examples show without a network and pass the site's
// content security policy (img-src 'self' data:).
const svg = (body: string, viewBox: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" font-family="sans-serif">${body}</svg>`,
  )}`;

const TRIANGLE_IMAGE = svg(
  '<rect width="240" height="170" fill="#fff"/>' +
    '<path d="M30 140 H190 V20 Z" fill="#e7f0ff" stroke="#1c3d7a" stroke-width="3"/>' +
    '<path d="M176 140 V126 H190" fill="none" stroke="#1c3d7a" stroke-width="2"/>' +
    '<text x="110" y="162" font-size="16" text-anchor="middle">8 cm</text>' +
    '<text x="198" y="85" font-size="16">6 cm</text>' +
    '<text x="95" y="72" font-size="18" font-weight="bold">?</text>',
  '0 0 240 170',
);

const WATER_CYCLE_IMAGE = svg(
  '<rect width="320" height="200" fill="#eaf6ff"/>' +
    '<circle cx="40" cy="36" r="20" fill="#ffd23f"/>' +
    '<path d="M0 160 H170 V200 H0 Z" fill="#3a86ff"/>' +
    '<path d="M170 200 L250 90 L320 150 V200 Z" fill="#7a9e5b"/>' +
    '<ellipse cx="200" cy="40" rx="50" ry="20" fill="#fff" stroke="#99a"/>' +
    '<path d="M80 150 V70" stroke="#333" stroke-width="3" marker-end="url(#a)"/>' +
    '<path d="M240 62 L255 100 M225 62 L240 100 M210 62 L225 100" stroke="#3a86ff" stroke-width="3"/>' +
    '<path d="M285 160 Q230 175 175 172" fill="none" stroke="#333" stroke-width="3" marker-end="url(#a)"/>' +
    '<defs><marker id="a" markerWidth="8" markerHeight="8" refX="4" refY="4" orient="auto">' +
    '<path d="M0 0 L8 4 L0 8 Z" fill="#333"/></marker></defs>' +
    '<g font-size="18" font-weight="bold"><text x="90" y="115">A</text><text x="150" y="30">B</text>' +
    '<text x="265" y="85">C</text><text x="225" y="150">D</text></g>',
  '0 0 320 200',
);

/** One example per type, in the order of QUESTION_TYPES. */
export const QUESTION_EXAMPLES: Record<QuestionTypeId, QuestionExample> = {
  'multiple-choice': {
    type: 'MCQ',
    question: 'Which gas do plants take in from the air to make their food by photosynthesis?',
    options: ['Oxygen', 'Carbon dioxide', 'Nitrogen', 'Hydrogen'],
    answer: 'Carbon dioxide',
    score: 2,
    instructions: 'Choose the one correct answer.',
  },
  'true-false': {
    type: 'True/False',
    question: 'Sound travels faster through air than through water.',
    options: ['True', 'False'],
    answer: 'False',
    score: 2,
    instructions: 'Decide whether the statement is true or false.',
  },
  'fill-in-the-blanks': {
    type: 'Fill in the Blanks',
    question: 'Complete the description of the water cycle.',
    options:
      'The Sun heats water in oceans and lakes, and it turns into water vapour by ___. ' +
      'As the vapour rises and cools, it forms clouds by ___, and it falls back to the ground as ___.',
    answer: ['evaporation', 'condensation', 'precipitation'],
    score: 6,
    instructions: 'Write one word in each blank.',
  },
  'matching-pairs': {
    type: 'Matching Pairs',
    question: 'Match each country with its capital city.',
    options: {
      prompts: ['Kenya', 'Japan', 'Peru', 'Canada'],
      matches: ['Lima', 'Ottawa', 'Nairobi', 'Sydney', 'Tokyo'],
    },
    answer: { Kenya: 'Nairobi', Japan: 'Tokyo', Peru: 'Lima', Canada: 'Ottawa' },
    score: 8,
    instructions: 'Match each country with its capital. One city is not needed.',
  },
  'short-answers': {
    type: 'Short Answers',
    question:
      'What is the name of the process by which plants use sunlight to make glucose from carbon dioxide and water?',
    options: null,
    answer: 'Photosynthesis',
    score: 3,
    instructions: 'Write a short answer of no more than 50 words.',
    maxWords: EXAMPLE_SHORT_ANSWER_MAX_WORDS,
  },
  'crosswords-and-puzzles': {
    type: 'Crosswords and Puzzles',
    question: 'Complete the crossword about the planets of the Solar System.',
    options: [
      'The red planet',
      'The largest planet',
      'The planet best known for its bright rings',
      'The hottest planet, wrapped in thick clouds',
      'The only planet known to support life',
    ],
    answer: ['MARS', 'JUPITER', 'SATURN', 'VENUS', 'EARTH'],
    score: 10,
    instructions: 'Use the clues to fill in every word of the crossword.',
  },
  essay: {
    type: 'Essay Questions',
    question:
      'To what extent did the Industrial Revolution improve the lives of working people in nineteenth-century Britain?',
    options: {
      rubric: [
        'A clear argument that answers "to what extent"',
        'Evidence on wages, housing, health and working conditions',
        'Both the benefits and the costs are weighed',
        'A conclusion that follows from the evidence',
      ],
    },
    answer:
      'A strong essay argues that the Industrial Revolution brought long-term gains (rising real wages after about 1850, ' +
      'cheaper goods, railways, and the Factory Acts and public health reforms) but that for many workers the first ' +
      'decades brought long hours, child labour, dangerous machinery and crowded, unsanitary towns with cholera ' +
      'outbreaks. It reaches a balanced judgement, for example that lives improved only slowly and mainly after reform.',
    score: 25,
    instructions: 'Write a well-organized essay of 600 to 800 words, with evidence for each point.',
  },
  'drag-and-drop': {
    type: 'Drag & Drop',
    question: 'Sort these animals into their vertebrate groups.',
    options: {
      dragItems: ['Frog', 'Eagle', 'Shark', 'Dolphin', 'Crocodile', 'Salamander'],
      dropZones: ['Mammals', 'Birds', 'Fish', 'Reptiles', 'Amphibians'],
    },
    answer: {
      Frog: 'Amphibians',
      Eagle: 'Birds',
      Shark: 'Fish',
      Dolphin: 'Mammals',
      Crocodile: 'Reptiles',
      Salamander: 'Amphibians',
    },
    score: 6,
    instructions: 'Move each animal into the group it belongs to.',
  },
  'image-based': {
    type: 'Image-Based Questions',
    question: 'The diagram shows a right-angled triangle. How long is the side marked "?"',
    options: { imageUrl: TRIANGLE_IMAGE, choices: ['7 cm', '10 cm', '12 cm', '14 cm'] },
    answer: '10 cm',
    score: 3,
    instructions: 'Look carefully at the image, then choose the correct answer.',
  },
  'case-studies': {
    type: 'Case Studies',
    question:
      'Should Sunrise Bakery open a second shop or start selling online? Make a recommendation and justify it with figures from the case.',
    options: {
      context:
        'Sunrise Bakery is a family business in a busy town centre. It sells about 600 loaves and pastries a day and ' +
        'makes a profit of $48,000 a year. A second shop would cost $90,000 to fit out and rent is $2,500 a month. ' +
        'An online ordering and delivery service would cost $15,000 to set up and $1,200 a month to run. In a survey, ' +
        '40% of customers said they would order online, and 25% said they live too far away to visit the shop often.',
    },
    answer:
      'Either choice can earn full marks if it is justified. A strong answer compares costs (a second shop needs $90,000 ' +
      'plus $30,000 rent a year, almost three years of current profit; online needs $15,000 plus $14,400 a year), ' +
      'uses the survey (40% would order online, 25% live far away) and weighs risks such as delivery quality and ' +
      'competition, then ends with a clear recommendation, most often to start online first.',
    score: 20,
    instructions: 'Read the case study carefully, then answer using details from it.',
  },
  'interactive-simulations': {
    type: 'Interactive Simulations',
    question:
      'Use the pendulum simulation to find out how the length of the string affects the time a pendulum takes to swing. Describe your method, your results and your conclusion.',
    options: {
      link: 'https://phet.colorado.edu/en/simulations/pendulum-lab',
      linkLabel: 'PhET Pendulum Lab',
      tasks: [
        'Keep the mass and the starting angle the same.',
        'Time 10 swings at four different lengths and divide by 10.',
        'Record your results in a table.',
        'Describe the pattern and explain it.',
      ],
    },
    answer:
      'A longer string gives a longer period (quadrupling the length doubles the period), while changing the mass makes ' +
      'no difference. A good answer names the controlled variables, timed several swings to reduce error and states the ' +
      'pattern with figures from the table.',
    score: 15,
    instructions: 'Open the simulation, carry out the task, then explain what you found.',
  },
  'peer-review': {
    type: 'Peer Review',
    question:
      "Read your partner's persuasive essay on whether school uniforms should be compulsory. Write a review that names two strengths, one thing to improve and one specific suggestion.",
    options: {
      rubric: [
        'Comments are specific and point to parts of the essay',
        'Strengths and improvements are balanced',
        'The suggestion is practical',
        'The tone is respectful and encouraging',
      ],
    },
    answer:
      'A good review might say: "Your opening question grabs attention, and the statistic on costs for families is ' +
      'convincing. The second paragraph repeats the first; merging them would make room for a counter-argument. ' +
      'Try answering the point that uniforms limit self-expression before your conclusion."',
    score: 10,
    instructions: "Review your classmate's work and give specific, kind and useful feedback.",
  },
  'project-based': {
    type: 'Project-Based',
    question: 'Design a rainwater harvesting system for your school and present it in a short report.',
    options: {
      tasks: [
        'Measure or estimate the roof area you will collect from.',
        'Use local rainfall data to calculate how much water could be collected in a year.',
        'Draw a labelled design of the system.',
        'Estimate the cost and suggest how the water would be used.',
      ],
      acceptedFileTypes: ['.pdf', '.docx', '.pptx'],
    },
    answer:
      'A complete report includes a labelled design (gutters, filter, storage tank, overflow), a correct calculation ' +
      '(roof area in m² × annual rainfall in m × about 0.8 = litres ÷ 1000 per m³), a realistic costing, a sensible ' +
      'use such as watering gardens or flushing toilets, and an evaluation of its limits.',
    score: 40,
    instructions: 'Complete the project and upload your finished work.',
  },
  'video-response': {
    type: 'Video Response',
    question:
      'In a video of no more than three minutes, explain how vaccines train the immune system to fight a disease. Use at least one diagram or prop.',
    options: {
      rubric: [
        'Accurate science: antigens, antibodies and memory cells',
        'A clear diagram or prop that helps the explanation',
        'Clear speech and a logical order',
        'Within three minutes',
      ],
    },
    answer: [
      'A vaccine contains a harmless form or part of a pathogen (its antigens).',
      'White blood cells recognise the antigens and make antibodies.',
      'Memory cells remain, so a later infection is met by a faster, larger response.',
      'Vaccinating many people also protects those who cannot be vaccinated (herd immunity).',
    ],
    score: 15,
    instructions: 'Record a video, or upload one, that answers the question.',
  },
  'audio-recordings': {
    type: 'Audio Recordings',
    question:
      'Record yourself reading the poem "The Road Not Taken" by Robert Frost aloud, then explain in your own words what the last stanza means.',
    options: {
      rubric: [
        'Fluent reading with a suitable pace and expression',
        'Clear pronunciation',
        'A thoughtful explanation of the last stanza',
      ],
    },
    answer:
      'The speaker imagines telling this story in the future, "with a sigh", and claiming that taking the less-travelled ' +
      'road "made all the difference". A good explanation notes that the roads were in fact worn "really about the ' +
      'same", so the poem is about how we give our choices meaning when we look back on them.',
    score: 10,
    instructions: 'Record your answer, or upload an audio file, and speak clearly.',
  },
  coding: {
    type: 'Coding',
    question:
      'Write a function is_palindrome(text) that returns True when text reads the same forwards and backwards, ignoring spaces, punctuation and letter case, and False otherwise. For example, is_palindrome("A man, a plan, a canal: Panama") returns True and is_palindrome("Hello") returns False.',
    options: {
      language: 'python',
      starterCode: 'def is_palindrome(text):\n    # Your code here\n    pass\n',
    },
    answer:
      'def is_palindrome(text):\n    letters = [c.lower() for c in text if c.isalnum()]\n    return letters == letters[::-1]\n',
    score: 20,
    instructions: 'Write code that solves the problem, then check it against the examples given.',
  },
  'group-assignments': {
    type: 'Group Assignments',
    question:
      'In groups of four, plan a one-day sustainability fair for your school. Submit one plan for the whole group.',
    options: {
      tasks: [
        'Choose a theme and three activities for the day.',
        'Prepare a budget of no more than $200.',
        'Give each member a role and list what they did.',
        'Explain how you will measure whether the fair was a success.',
      ],
    },
    answer:
      'A strong plan has a clear theme (for example reducing plastic), three activities that suit the audience, a budget ' +
      'that adds up and stays within $200, a named role for each member with evidence of their contribution, and ' +
      'measurable success criteria such as the number of pledges signed or the weight of recycling collected.',
    score: 30,
    instructions: "Work with your group and submit one response that shows everyone's contribution.",
  },
  'role-play': {
    type: 'Role Play',
    question:
      'At a public meeting about turning the local park into a car park, a resident says: "Our children have nowhere else to play." Respond in character.',
    options: {
      context:
        'Your role: a town councillor. The council wants more parking to help local shops, but you must listen to ' +
        'residents and find a fair way forward.',
    },
    answer:
      'A good response stays in role, acknowledges the resident’s concern with empathy, explains the reason for the ' +
      'proposal (shops losing customers), and offers a compromise, such as keeping the playground, building a smaller ' +
      'car park or consulting families before a decision.',
    score: 15,
    instructions: 'Respond in character, as the person described in the scenario.',
  },
  'vr-assignments': {
    type: 'VR Assignments',
    question:
      'Explore the virtual tour of the International Space Station and describe how astronauts adapt daily life to microgravity.',
    options: {
      link: 'https://www.nasa.gov/international-space-station/',
      linkLabel: 'International Space Station tour',
      tasks: [
        'Visit the sleeping quarters, the galley and the exercise area.',
        'Note one adaptation in each place.',
        'Explain why each adaptation is needed in microgravity.',
      ],
    },
    answer: [
      'Sleeping bags are tied to the wall so astronauts do not drift.',
      'Food comes in pouches and drinks through straws so crumbs and liquids do not float into equipment.',
      'Astronauts exercise about two hours a day to slow the loss of bone and muscle.',
    ],
    score: 20,
    instructions: 'Open the virtual reality experience, complete the tasks, then describe what you observed.',
  },
  'annotated-texts': {
    type: 'Annotated Texts',
    question:
      'Read chapter 1 of "Pride and Prejudice" by Jane Austen and annotate it using the points below.',
    options: {
      link: 'https://www.gutenberg.org/ebooks/1342',
      items: [
        {
          theory: 'Feminist criticism',
          comment: 'How does the opening sentence present marriage as a question of money for women?',
        },
        {
          theory: 'Marxist criticism',
          comment: "What does the interest in Mr Bingley's income show about class and property?",
        },
        {
          theory: 'Narrative voice',
          comment: "Find an example of irony in the narrator's voice and explain its effect.",
        },
      ],
    },
    answer:
      'Strong annotations note that the "truth universally acknowledged" is ironic: it is the families of young women ' +
      'who need a rich husband; that Bingley is described first by his "four or five thousand a year", showing how ' +
      'property defines a person; and that the narrator mocks Mrs Bennet’s scheming through understatement.',
    score: 15,
    instructions: 'Read the text and write your annotations, explaining what each part shows.',
  },
  debates: {
    type: 'Debates',
    question:
      'Motion: "This house believes that homework should be banned in primary schools." Prepare the opening speech for the side you have been given.',
    options: {
      tasks: [
        'State your side and define the key terms.',
        'Give three arguments, each with evidence.',
        'Answer the strongest argument of the other side.',
        'Finish with a short summary.',
      ],
    },
    answer:
      'For the motion: research finds little academic benefit of homework for young children, it adds stress and ' +
      'widens gaps between families, and time for play and reading matters more. Against: short tasks build habits ' +
      'and let parents see progress. A strong speech defines "homework", uses evidence and rebuts directly.',
    score: 20,
    instructions:
      'Argue for your side with clear reasons and evidence, and answer the strongest opposing point.',
  },
  'mind-maps': {
    type: 'Mind Maps',
    question:
      'Create a mind map of the causes of the First World War. Show the four long-term causes, at least two linked details for each, and the event that triggered the war.',
    options: { acceptedFileTypes: ['.png', '.jpg', '.pdf'] },
    answer: [
      'Militarism: the arms race and the naval race between Britain and Germany.',
      'Alliances: the Triple Entente and the Triple Alliance.',
      'Imperialism: rivalry for colonies, such as the Moroccan crises.',
      'Nationalism: Slav nationalism in the Balkans and pride in each nation.',
      'Trigger: the assassination of Archduke Franz Ferdinand in Sarajevo, June 1914.',
    ],
    score: 10,
    instructions: 'Create a mind map on the topic and upload it as an image or PDF.',
  },
  'data-analysis': {
    type: 'Data Analysis',
    question:
      'The data shows the average monthly temperature and rainfall of a city in western India. Draw a climate graph, describe the patterns and name the type of climate.',
    options: {
      context:
        'Month: Jan, Feb, Mar, Apr, May, Jun, Jul, Aug, Sep, Oct, Nov, Dec. ' +
        'Temperature (°C): 24, 25, 27, 29, 30, 29, 27, 27, 27, 28, 27, 25. ' +
        'Rainfall (mm): 1, 1, 0, 1, 15, 500, 840, 580, 330, 60, 15, 5.',
      acceptedFileTypes: ['.xlsx', '.csv', '.pdf', '.png'],
    },
    answer:
      'Temperatures are high all year (24 to 30 °C) with a small range. Almost all rain falls from June to September ' +
      '(over 2,200 mm, peaking at 840 mm in July) and the rest of the year is very dry. This is a tropical monsoon climate.',
    score: 20,
    instructions: 'Analyse the data and upload your workings and conclusions.',
  },
  'interactive-diagrams': {
    type: 'Interactive Diagrams',
    question: 'The diagram shows the water cycle. Move each name to the letter that marks that stage.',
    options: {
      imageUrl: WATER_CYCLE_IMAGE,
      dragItems: ['Evaporation', 'Condensation', 'Precipitation', 'Collection', 'Erosion'],
      dropZones: ['A', 'B', 'C', 'D'],
    },
    answer: { Evaporation: 'A', Condensation: 'B', Precipitation: 'C', Collection: 'D' },
    score: 8,
    instructions: 'Move each label to the correct part of the diagram. One label is not needed.',
  },
  'creative-writing': {
    type: 'Creative Writing',
    question:
      'Write a short story of 400 to 600 words that begins with the sentence: "The letter had been hidden under the floorboards for fifty years."',
    options: {
      rubric: [
        'An engaging opening that builds on the given sentence',
        'A clear plot with a satisfying ending',
        'Vivid description and varied sentences',
        'Accurate spelling, punctuation and grammar',
      ],
    },
    answer:
      'There is no single right story. A strong response builds curiosity about who wrote the letter and why it was ' +
      'hidden, reveals its content at a turning point, develops at least one character through their reaction, and ' +
      'ends in a way that links back to the opening.',
    score: 25,
    instructions: 'Write an original piece that responds to the prompt.',
  },
  presentations: {
    type: 'Presentations',
    question:
      'Prepare a presentation of about 10 slides on a renewable energy source of your choice: how it works, where it is used, its advantages and disadvantages, and whether your country should invest more in it.',
    options: {
      rubric: [
        'Accurate explanation of how the energy source works',
        'Balanced advantages and disadvantages with evidence',
        'A clear, justified recommendation',
        'Clear slides: little text, helpful images, sources listed',
      ],
      acceptedFileTypes: ['.pptx', '.pdf', '.odp', '.key'],
    },
    answer:
      'For solar power, for example: photovoltaic cells turn sunlight into electricity; it is used from rooftops to large ' +
      'solar farms; it is clean and cheap to run but depends on daylight and needs storage; a recommendation weighs ' +
      'local sunshine, cost and land use.',
    score: 30,
    instructions: 'Prepare a presentation on the topic and upload your slides.',
  },
  'reflective-journals': {
    type: 'Reflective Journals',
    question:
      'Write a journal entry about the group science project you have just finished. What went well, what was difficult, and what will you do differently next time?',
    options: {
      tasks: [
        'Describe your role in the group.',
        'Give one success and explain why it went well.',
        'Give one difficulty and how you dealt with it.',
        'Set one specific goal for your next project.',
      ],
    },
    answer:
      'There is no single right answer. A strong entry is honest and specific (real events, not general statements), ' +
      'explains causes rather than only describing, and ends with a realistic goal, for example agreeing deadlines at ' +
      'the first meeting.',
    score: 10,
    instructions: 'Reflect honestly on your learning and write a journal entry about it.',
  },
  'translation-assignments': {
    type: 'Translation Assignments',
    question: 'Translate this paragraph from Spanish into English.',
    options: {
      context:
        'El sábado pasado fuimos al mercado con mis abuelos. Compramos fruta fresca, pan y flores para mi madre. ' +
        'Después comimos en un pequeño restaurante cerca de la plaza.',
    },
    answer:
      'Last Saturday we went to the market with my grandparents. We bought fresh fruit, bread and flowers for my mother. ' +
      'Afterwards we ate at a small restaurant near the square.',
    score: 15,
    instructions: 'Translate the text, keeping its meaning and its tone.',
  },
  'cultural-analysis': {
    type: 'Cultural Analysis',
    question:
      'Compare how the new year is celebrated in two cultures, for example Lunar New Year in China and Nowruz in Iran. What do the traditions show about what each culture values?',
    options: {
      rubric: [
        'Accurate description of at least two traditions from each culture',
        'Clear comparison of similarities and differences',
        'Links between traditions and values',
        'Respectful, balanced language',
      ],
    },
    answer:
      'Lunar New Year: family reunion dinners, red envelopes and cleaning the house show the value of family, respect ' +
      'for elders and a fresh start. Nowruz: the haft-sin table, spring cleaning and visits to relatives celebrate ' +
      'renewal, nature and hospitality. Both value family and new beginnings; Nowruz is tied to the spring equinox.',
    score: 20,
    instructions: 'Analyse the cultural topic and support each point with an example.',
  },
  'survey-based': {
    type: 'Survey-Based',
    question: 'How confident do you feel about solving linear equations after this unit?',
    options: ['Very confident', 'Quite confident', 'Not very confident', 'Not at all confident'],
    answer: 'Not scored: every option is an acceptable answer.',
    score: 2,
    instructions: 'Choose the option that best matches your view. There is no right or wrong answer.',
  },
  'public-speaking': {
    type: 'Public Speaking',
    question:
      'Give a two-minute persuasive speech that convinces your classmates to volunteer for a community project. Record it on video.',
    options: {
      rubric: [
        'An opening that grabs attention',
        'Eye contact and confident body language',
        'Persuasive techniques such as rhetorical questions and the rule of three',
        'A clear call to action, within two minutes',
      ],
    },
    answer: [
      'Starts with a hook, such as a striking fact or a question.',
      'Gives two or three reasons, each with an example.',
      'Uses a confident voice, pauses and gestures.',
      'Ends with a clear call to action: when and how to sign up.',
    ],
    score: 20,
    instructions: 'Record a video of yourself giving the speech, or upload one.',
  },
  'virtual-field-trips': {
    type: 'Virtual Field Trips',
    question:
      'Take the virtual field trip to Yellowstone National Park. Explain how its geysers and hot springs show that there is volcanic activity beneath the park.',
    options: {
      link: 'https://www.nps.gov/yell/learn/photosmultimedia/virtualtours.htm',
      linkLabel: 'Yellowstone virtual tours',
      tasks: [
        'Visit Old Faithful and the Grand Prismatic Spring.',
        'Note two observations at each stop.',
        'Explain how each feature is linked to the magma beneath the park.',
      ],
    },
    answer:
      'Magma a few kilometres below the surface heats groundwater. At Old Faithful the water is trapped in narrow ' +
      'channels, boils under pressure and erupts regularly; at the Grand Prismatic Spring hot water rises freely and ' +
      'the colours come from heat-loving bacteria living at different temperatures.',
    score: 15,
    instructions: 'Take the virtual field trip, then answer the question about what you saw.',
  },
  'interview-assignments': {
    type: 'Interview Assignments',
    question:
      'Interview an older relative or neighbour about how technology has changed their daily life since they were your age. Record the interview (about five minutes).',
    options: {
      tasks: [
        'Prepare at least five open questions.',
        'Ask permission before you record.',
        'Ask follow-up questions to get details.',
        'End by thanking them and summarising one thing you learned.',
      ],
    },
    answer:
      'A strong interview uses open questions ("How did you keep in touch with friends?"), follows up on interesting ' +
      'answers, covers several areas of life (communication, school or work, shopping, entertainment) and ends with a ' +
      'short summary that shows careful listening.',
    score: 20,
    instructions: 'Carry out the interview as described, then record or upload it.',
  },
  'scenario-based': {
    type: 'Scenario-Based Assignment',
    question:
      'You manage a small café. On a busy Saturday a customer says they found a hair in their food and starts raising their voice. Explain, step by step, how you would handle the situation and why.',
    options: null,
    answer:
      'Stay calm and listen without interrupting; apologise sincerely; remove the dish and offer a fresh one or a ' +
      'refund; move the conversation somewhere quieter if needed; record the complaint and check hygiene procedures ' +
      'with staff afterwards. Each step protects the customer relationship, the café’s reputation and food safety.',
    score: 15,
    instructions: 'Read the scenario and explain what you would do and why.',
  },
  'lab-reports': {
    type: 'Lab Reports',
    question:
      'Write a lab report on your experiment investigating how the temperature of water affects how quickly sugar dissolves.',
    options: {
      tasks: [
        'Title and aim',
        'Hypothesis',
        'Equipment and method, including the variables you controlled',
        'Results table and graph',
        'Conclusion and evaluation',
      ],
      acceptedFileTypes: ['.pdf', '.docx'],
    },
    answer:
      'Hypothesis: sugar dissolves faster in hotter water. Independent variable: water temperature; dependent: time to ' +
      'dissolve; controlled: mass of sugar, volume of water, stirring. Results show the time falling as temperature ' +
      'rises, because particles move faster and collide more often. The evaluation names sources of error, such as ' +
      'judging when the sugar has fully dissolved, and suggests repeats.',
    score: 30,
    instructions: 'Write up your experiment as a lab report and upload it.',
  },
  'interactive-games': {
    type: 'Interactive Games',
    question: 'Put the stages of mitosis in the order in which they happen.',
    options: ['Anaphase', 'Prophase', 'Telophase', 'Metaphase'],
    answer: ['Prophase', 'Metaphase', 'Anaphase', 'Telophase'],
    score: 4,
    instructions: 'Put the steps in the correct order.',
  },
  'timeline-assignments': {
    type: 'Timeline Assignments',
    question: 'Put these events of the Second World War in the order in which they happened.',
    options: [
      'D-Day landings in Normandy',
      'Germany invades Poland',
      'Attack on Pearl Harbor',
      'Atomic bomb dropped on Hiroshima',
      'Battle of Britain',
    ],
    answer: [
      'Germany invades Poland',
      'Battle of Britain',
      'Attack on Pearl Harbor',
      'D-Day landings in Normandy',
      'Atomic bomb dropped on Hiroshima',
    ],
    score: 5,
    instructions: 'Put the events in order, from the earliest to the latest.',
  },
};

/** The examples in the order of QUESTION_TYPES, each with its type id. */
export const QUESTION_EXAMPLE_LIST: { typeId: QuestionTypeId; example: QuestionExample }[] =
  QUESTION_TYPES.map((type) => ({ typeId: type.id, example: QUESTION_EXAMPLES[type.id] }));

/**
 * An example as text a teacher copies: JSON5 with single quotes, unquoted keys and trailing
 * commas, which `parseQuestionExample` (and any JSON5 parser) reads back to the same value.
 */
export function exampleAsJson5Text(example: QuestionExample): string {
  return JSON5.stringify(example, { space: 2, quote: "'" });
}

/**
 * Reads example text (JSON or JSON5: single quotes, unquoted keys and trailing commas are
 * fine, docs/product/validation.md). Gives the parsed value, or the parser's message when it cannot be read.
 */
export function parseQuestionExample(
  text: string,
): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON5.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

const TYPE_BY_NAME = new Map<string, QuestionTypeId>(QUESTION_TYPES.map((t) => [t.name.toLowerCase(), t.id]));

/** The type an example names, by its name ('MCQ') or its id ('multiple-choice'). */
export function exampleTypeId(example: Pick<QuestionExample, 'type'>): QuestionTypeId | null {
  if (typeof example.type !== 'string') return null;
  const key = example.type.trim().toLowerCase();
  return TYPE_BY_NAME.get(key) ?? QUESTION_TYPES.find((t) => t.id === key)?.id ?? null;
}

/**
 * Turns an example (docs/product/data.md shape, see QuestionExample for the shapes by family) into a question
 * of its type; the type's family reads the options and answer (families/<family>/example.ts).
 * The result is not validated: parse it with QuestionSchema. Throws ExampleFormatError when the
 * type is unknown or the options or answer do not fit the type. Part ids are generated: options
 * 'a', 'b'…, pairs/items/entries '1', '2'…, zones 'z1'….
 */
export function exampleToQuestion(example: QuestionExample, id = 'example'): QuestionInput {
  const typeId = exampleTypeId(example);
  if (!typeId) throw new ExampleFormatError(`Unknown question type: ${example.type}`);
  const type = getQuestionType(typeId);
  const { config, text, imageUrl } = familyOf(typeId).fromExample(example, type);
  return {
    id,
    type: typeId,
    text: text ?? example.question,
    score: example.score,
    instructions: example.instructions,
    ...(imageUrl !== undefined ? { imageUrl } : {}),
    config,
  };
}

/**
 * A question as an example (docs/product/data.md shape) that exampleToQuestion reads back to the same
 * question, as far as the example shape can say it: shuffling, case sensitivity, option images,
 * further accepted answers and a survey's multiple choice are not part of it. Instructions are
 * the question's own or its type's default ones. The score is the question's; an example's score
 * is a whole number from 2 to 40 (QuestionExampleSchema).
 */
export function questionToExample(question: Question): QuestionExample {
  const type = getQuestionType(question.type);
  const { options, answer, maxWords } = familyOf(question.type).toExample(question, type);
  return {
    type: type.name,
    question: question.text,
    options,
    answer,
    score: question.score,
    instructions: question.instructions ?? type.instructions,
    ...(maxWords !== undefined ? { maxWords } : {}),
  };
}
