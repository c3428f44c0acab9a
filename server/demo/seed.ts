import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { hashPassword } from '../auth/passwords.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { accounts, users } from '../db/schema/index.js';
import { createTopic } from '../modules/user-topics/topics.js';
import { DEMO_TOPICS } from './topics.js';

export const DEMO_USERS = [
  {
    email: 'demo@herald.test',
    firstName: 'Dana',
    lastName: 'Demo',
    role: 'MEMBER' as const,
    isSuperuser: false,
    title: 'Policy analyst',
    interests: 'Monetary policy and central banks, migration in Europe, drug approvals and clinical trials, technology regulation.',
    gptProfile:
      'Dana Demo is a policy analyst at Herald Demo who follows central bank decisions, European migration policy, medicines regulation and the rules that govern technology companies, and needs early, sourced notice of decisions, filings and court actions in these areas.',
    places: ['United States', 'European Union'],
    organizations: ['Federal Reserve', 'European Commission', 'FDA'],
    markets: ['Interest rates', 'Pharmaceuticals'],
    industries: ['Public policy', 'Financial services'],
    responsibilities: ['Policy monitoring', 'Briefing leadership'],
  },
  { email: 'admin@herald.test', firstName: 'Ada', lastName: 'Admin', role: 'ADMIN' as const, isSuperuser: false, title: 'Head of research' },
  { email: 'super@herald.test', firstName: 'Sam', lastName: 'Super', role: 'ADMIN' as const, isSuperuser: true, title: 'Operator' },
];

const WORDS = 'amber basil cedar delta ember fjord gale harbor iris juniper kestrel lumen maple nova orbit prairie quartz raven sierra tundra umber vale willow yarrow zephyr'.split(' ');

/** A memorable password: four random words and a number (CSPRNG). */
export function generatePassword(): string {
  return `${Array.from({ length: 4 }, () => WORDS[randomInt(WORDS.length)]).join('-')}-${randomInt(10, 100)}`;
}

/**
 * The demo account (DEMO=on, the default): a demo user with topics matching the bundled corpus,
 * an admin and a superuser, emails confirmed. Created once; the password is DEMO_PASSWORD or
 * generated and printed once, at the start that creates the accounts. Returns what it did.
 */
export async function seedDemo(database: Database, config: Config, logger: Logger, print: (line: string) => void = console.log): Promise<'created' | 'exists' | 'off'> {
  if (!config.demo.enabled) return 'off';
  const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_USERS[0]!.email));
  if (existing) return 'exists';
  const password = config.demo.password ?? generatePassword();
  // One hash each (its own salt): the three accounts share a password, not a hash.
  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(password)));
  const created = await database.db.transaction(async (tx) => {
    const [account] = await tx.insert(accounts).values({ name: 'Herald Demo', company: 'Herald Demo' }).returning({ id: accounts.id });
    const rows = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((u, i) => ({
          accountId: account!.id,
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          role: u.role,
          isSuperuser: u.isSuperuser,
          title: u.title,
          company: 'Herald Demo',
          passwordHash: hashes[i]!,
          emailConfirmedAt: new Date(),
          // Onboarded: the demo users land on their feed, not on profile completion.
          country: 'United States',
          city: 'New York',
          interests: 'interests' in u ? u.interests : 'Keeping an eye on what Herald finds for the team.',
          gptProfile: 'gptProfile' in u ? u.gptProfile : `${u.firstName} ${u.lastName} is the ${u.title.toLowerCase()} of Herald Demo.`,
          placesJurisdictions: 'places' in u ? u.places : [],
          organizations: 'organizations' in u ? u.organizations : [],
          productsMarkets: 'markets' in u ? u.markets : [],
          gptIndustries: 'industries' in u ? u.industries : [],
          gptResponsibilities: 'responsibilities' in u ? u.responsibilities : [],
          profileCompletedAt: new Date(),
          suggestionsCompletedAt: new Date(),
          onboardingCompletedAt: new Date(),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email });
    const demo = rows.find((r) => r.email === DEMO_USERS[0]!.email);
    if (!demo) return false; // another process seeded at the same moment
    for (const topic of DEMO_TOPICS) await createTopic(tx, demo.id, topic);
    // The admin and the superuser follow a few of the same topics, so every demo account has a feed.
    const others = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.accountId, account!.id));
    for (const other of others) {
      if (other.email === DEMO_USERS[1]!.email) for (const topic of DEMO_TOPICS.filter((t) => /banking|federal reserve/i.test(t.name))) await createTopic(tx, other.id, topic);
      if (other.email === DEMO_USERS[2]!.email) for (const topic of DEMO_TOPICS.filter((t) => /language model/i.test(t.name))) await createTopic(tx, other.id, topic);
    }
    return true;
  });
  if (!created) return 'exists';
  logger.info({ users: DEMO_USERS.map((u) => u.email) }, 'demo accounts created');
  print(
    [
      'Demo accounts created (DEMO=off to skip):',
      ...DEMO_USERS.map((u) => `  ${u.email.padEnd(20)} ${u.isSuperuser ? 'superuser' : u.role.toLowerCase()}`),
      config.demo.password ? '  password: the value of DEMO_PASSWORD' : `  password: ${password}   (shown once; set DEMO_PASSWORD to choose it)`,
    ].join('\n'),
  );
  return 'created';
}
