import { AppError } from '../lib/app-error.ts';
import { CommandError, UsageError, type CliContext } from './cli.context.ts';
import { listFailedJobsCommand, retryJobCommand } from './jobs.command.ts';
import { setMerchantImagesCommand, setProgramArtCommand } from './images.command.ts';
import { createApiKeyCommand, createSsoKeyCommand, listApiKeysCommand, revokeApiKeyCommand } from './keys.command.ts';
import { createMerchantCommand, createSiteCommand, listMerchantsCommand, setMerchantWebhookCommand, updateMerchantCommand } from './merchants.command.ts';
import { migrateCommand } from './migrate.command.ts';
import { analyticsReportCommand } from './analytics.command.ts';
import { setTermsCommand } from './terms.command.ts';
import { addMicroAppCommand } from './micro-apps.command.ts';
import { vapidKeysCommand } from './push.command.ts';
import { addBannerCommand, listBannersCommand, removeBannerCommand } from './banners.command.ts';
import { listFeatureLocksCommand, lockFeatureCommand, unlockFeatureCommand } from './features.command.ts';
import { addReferralProgramCommand, endReferralProgramCommand, listReferralProgramsCommand } from './referrals.command.ts';
import { addTargetCommand, listTargetsCommand } from './targets.command.ts';
import { addMissionCommand, endMissionCommand, listMissionsCommand } from './missions.command.ts';
import { listBillsCommand } from './bills.command.ts';
import { addReceiptCampaignCommand, listReceiptsCommand, reviewReceiptCommand } from './receipts.command.ts';
import { earnCodeCommand, generateCodesCommand, listCodesCommand, resumeCodesCommand, suspendCodesCommand } from './codes.command.ts';
import { addPerkCommand, listPerksCommand, perkAnswersCommand, reviewPerkAnswerCommand } from './perks.command.ts';
import { createPlanCommand, setMerchantBankAccountCommand, setMerchantPaymentsCommand } from './payments.command.ts';
import { createProgramCommand, setFixedAddressCommand } from './programs.command.ts';
import { importProductsCommand } from './catalog.command.ts';
import { addCashierCommand, addOutletCommand } from './outlets.command.ts';
import { createVoucherTemplateCommand, grantVouchersCommand, setPlanVouchersCommand } from './vouchers.command.ts';
import { addDistributorCommand, removeDistributorCommand, savePromotionCommand, setShopSettingsCommand } from './shop.command.ts';
import { broadcastCommand, broadcastStatusCommand } from './messages.command.ts';

export const usage = `Kartu operator commands (database from DATABASE_URL, else the embedded one in DATA_DIR)

  kartu merchants create --mid <MID> --brand <name> [--country ID] [--currency IDR]
                         [--login phone|email] [--ui v1|v2] [--timezone Asia/Jakarta]
  kartu merchants update --mid <MID> [--login phone|email] [--both-logins yes|no]
                         [--support-phone +6281234500077|none] [--support-email <address>|none]
                         [--ga-id G-XXXXXXXXXX|none] [--fb-pixel-id <digits>|none]   loaded in members'
                         browsers only after they agree, never on the sign-in pages
  kartu merchants list
  kartu merchants images --mid <MID> [--banner <file>|none] [--icon <file>|none]
                         JPEG, PNG or WebP up to 10 MB; banner 480x270 and icon 64x64 at least
  kartu merchants payments --mid <MID> --provider sandbox|xendit|midtrans --methods qris,virtual_account,...
                         methods: virtual_account, qris, ewallet, credit_card, manual_transfer, cash_on_delivery
  kartu merchants bank-account --mid <MID> --bank <name> --account-number <digits> --account-name <name>
  kartu merchants bank-account --mid <MID> --remove
                         members pay manual transfers into it and upload a proof; the merchant reviews it
  kartu merchants webhook --mid <MID> --url <https address>   new and paid orders are posted there,
                         signed with a secret printed once (run again for a new secret)
  kartu merchants webhook --mid <MID> --remove
  kartu merchants terms --mid <MID> --language en|id|my|ja --terms <file> --privacy <file>
                         the terms and conditions and privacy policy members read, as plain text files
                         (a blank line between paragraphs); members reading another language get the
                         site's language
  kartu sites create --host <host> --merchant <MID> [--language en|id|my|ja]
  kartu programs create --merchant <MID> --name <name> --type points|stamps|cash|subscription|egift
                        [--earn-rate 1/1000] [--expiry-days 365]
  kartu programs art --program <program id> --file <file>  card art, 343x216 at least
  kartu programs art --program <program id> --remove
  kartu programs fixed-address --program <program id> --recipient <name> --phone <phone>
                        --address <street and number> --subdistrict <code, e.g. 31.74.07.1006> --zip <5 digits>
                        [--note <text>]     every order of the program's cards goes there
  kartu programs fixed-address --program <program id> --remove
  kartu programs shop --program <program id> [--delivery "courier:0 same_day:10000@25km instant:15000@10km@5kg"]
                        [--cover 31.71,31.74|everywhere] [--point-value 100|none] [--fees "application:1000"]
                        delivery options with their fee (minor units), distance limit from the nearest
                        distributor and weight limit (kg or g); covered regency and city codes; what a
                        missing point costs in money
  kartu distributors add --program <program id> --name <name> --address <text> [--phone <phone>]
                        [--hours <text>] [--location=<latitude,longitude>]   a pickup point
  kartu distributors remove --program <program id> --id <distributor id>
  kartu promos save --program <program id> --code <CODE> (--percent 10 | --points 500 | --money 25000)
                    [--minimum-points 1500] [--minimum-money 100000] [--starts <date>] [--ends <date>] [--inactive]
                    a promo code on physical items, once they reach the minimum; saving a code again changes it
  kartu plans create --merchant <MID> --program <program id> --name <name> --months 1 --price 49000
                     [--auto-renew yes|no] [--fees "admin:2500 tax:11% convenience:1.5%@credit_card"]
                     price and fixed fees in minor units; a share applies to the price
  kartu plans vouchers --merchant <MID> --plan <plan id> --template <voucher template id> --quantity 1
                     the vouchers each paid period of the plan brings (0 stops them)
  kartu products import --merchant <MID> --program <program id> --file <products.csv>
                     columns: sku, name, category, type (physical|evoucher|meal|digital|custom_value),
                     price_points, price_money (minor units; a custom value's minimum), stock,
                     max_per_order, weight_grams, precious_metal, custom_value_max, donation,
                     exclusive_category, description, terms, image (a file beside the CSV), active;
                     products are matched by sku; any bad row stops the import, nothing is written
  kartu outlets add --merchant <MID> --name <name> --code <4 to 12 letters or digits> [--cashier-codes]
                    staff type the code on a member's phone to redeem a voucher (kept hashed)
  kartu cashiers add --merchant <MID> --outlet <outlet id> --name <name> --code <4 to 12 letters or digits>
  kartu vouchers template --merchant <MID> --program <program id> --name <name> --days 30
                    [--usable-at in_store|ecommerce|both] [--value-text <text>] [--description <text>] [--terms <text>]
                    [--daily-limit 2] [--product <e-voucher SKU that sells it>]
                    [--discount percent:10|points:200|money:25000] [--minimum-points 1000] [--minimum-money 100000]
                    [--gift-card-program <egift program id> --gift-card-value 100000] [--hashed-codes] [--partner]
                    a voucher template; a gift card one becomes a card of the e-gift program when added;
                    --hashed-codes keeps only a hash of each code; --partner waits for the partner's codes
  kartu vouchers grant --merchant <MID> --template <template id> --card <card number> [--quantity 1]
  kartu features lock --merchant <MID> --feature <name> [--program <program id> --level-rank 2]
                    closes a feature of the app to every member, or until a card of the program reaches
                    the level of that rank; features: catalog, claim-point, egift, mission, privilege,
                    referral, scan-qris, scan-receipt, scan-to-earn, subscription, target-achievement,
                    transfer-point
  kartu banners add --program <program id> --title <text> --file <picture> [--placement card|in-app]
                    [--link /cards/:cardId/catalogs|https://…] [--position 1] [--starts <date>] [--ends <date>]
                    a picture (16:9, 480x270 at least) on the program's card pages: in the row, or one
                    in-app banner a visit; :cardId in the link becomes the card the member looks at
  kartu banners list --program <program id>
  kartu banners remove --merchant <MID> --id <banner id>
  kartu features unlock --merchant <MID> --feature <name>
  kartu features list --merchant <MID>
  kartu referrals add --program <program id> --referrer-reward <amount> [--friend-reward <amount>]
                    [--reward-on purchased|registered] [--daily-cap 10] [--starts <date>] [--ends <date>]
                    members of the program share a code; for each friend who joins, the member earns
                    the referrer reward once the friend registered or made a first purchase
  kartu referrals list --merchant <MID>
  kartu referrals end --merchant <MID> --id <referral program id>
  kartu targets add --program <program id> --name <text> --target <amount> --reward <amount>
                    [--kind spend|collect] [--period yearly|cycle|period] [--cycle-days 30]
                    [--description <text>] [--starts <date>] [--ends <date>]
                    a target to spend (minor units) or collect (the program's unit) within each
                    calendar year, cycle of days or one period; the reward is paid once a window
  kartu targets list --merchant <MID>
  kartu missions add --program <program id> --file <mission.json>
                    a mission of the program: the integration API's body without programId
                    (name, startsAt, endsAt, reward, tasks; docs/integration.md Missions)
  kartu missions list --merchant <MID>
  kartu missions end --merchant <MID> --id <mission id>
  kartu perks add --program <program id> --file <perk.json>
                    a perk of the program: the integration API's body without programId
                    (kind voucher or survey, title, voucher or questions; docs/integration.md Perks)
  kartu perks list --merchant <MID>
  kartu perks answers --merchant <MID> --id <perk id> [--state pending|approved|rejected]
  kartu perks review --merchant <MID> --answer <answer id> (--approve | --reject --note <text>)
  kartu codes generate --program <program id> --name <text> --points <amount> --count <n> --ends <date>
                    [--starts <date>] [--delay <hours 0-24>] --out <codes.csv>
                    a batch of printed codes (under a cap, on a pack), each earning the points once;
                    the codes are written to the file once and only their hashes are kept
  kartu codes list --merchant <MID>
  kartu codes suspend|resume --merchant <MID> --id <batch id>
  kartu codes earn --program <program id> --amount <bill, minor units> --bill <bill number> [--ttl <seconds>]
                    prints a till's scan-to-earn code for the member's app to scan
  kartu receipts campaign --program <program id> --code <CODE> --name <text> --ends <date>
                    [--starts <date>] [--description <text>]
                    members send photos of their receipts to the code (printed, or as a QR code)
  kartu receipts list --merchant <MID> [--status submitted|approved|rejected]
  kartu receipts review --merchant <MID> --id <receipt id>
                    (--approve --amount <bill, minor units> [--bill <number>] | --reject --note <text>)
  kartu bills list --merchant <MID> [--status pending|success|failed]
                    members' bills and prepaid products paid from their cards, newest first
  kartu messages broadcast --merchant <MID> --title <title> --text <text> [--link /cards]
                    (--everyone | --level <program id>:<level rank> | --phones <file, a phone a line, +62…>)
                    a message to many members' inboxes, written by the servers' job workers
  kartu messages status --merchant <MID> --id <broadcast id>   how far a broadcast has gone
  kartu micro-apps add --merchant <MID> --app <name> [--name <shown name>]
                    a partner's app the wallet opens, told who the member is by a token encrypted
                    with its own key, printed once (run again for a new key)
  kartu api-keys create --merchant <MID> --name <name>     prints the key once
  kartu api-keys list --merchant <MID>
  kartu api-keys revoke --id <key id>
  kartu sso-keys create --merchant <MID>                   prints the secret once
  kartu push vapid-keys                                    a new VAPID key pair for Web Push, printed once
  kartu analytics report --merchant <MID> [--days 7]   events per day (the merchant's time zone): sign-ins,
                         sign-outs, card pages opened, searches, items put in carts, checkouts, renewals
  kartu jobs failed                                        background jobs out of tries, with their errors
  kartu jobs retry --id <job id>                           runs a failed job again

  kartu migrate                                            applies this release's database migrations (once per release)

Exit codes: 0 done, 1 could not be done, 2 mistyped command.`;

type Command = (args: string[], context: CliContext) => Promise<void>;

const commands: Record<string, Command> = {
  migrate: migrateCommand,
  'merchants create': createMerchantCommand,
  'merchants update': updateMerchantCommand,
  'merchants list': listMerchantsCommand,
  'merchants images': setMerchantImagesCommand,
  'merchants payments': setMerchantPaymentsCommand,
  'merchants bank-account': setMerchantBankAccountCommand,
  'merchants webhook': setMerchantWebhookCommand,
  'merchants terms': setTermsCommand,
  'plans create': createPlanCommand,
  'plans vouchers': setPlanVouchersCommand,
  'products import': importProductsCommand,
  'sites create': createSiteCommand,
  'programs create': createProgramCommand,
  'programs art': setProgramArtCommand,
  'programs fixed-address': setFixedAddressCommand,
  'programs shop': setShopSettingsCommand,
  'distributors add': addDistributorCommand,
  'distributors remove': removeDistributorCommand,
  'promos save': savePromotionCommand,
  'outlets add': addOutletCommand,
  'cashiers add': addCashierCommand,
  'vouchers template': createVoucherTemplateCommand,
  'vouchers grant': grantVouchersCommand,
  'messages broadcast': broadcastCommand,
  'messages status': broadcastStatusCommand,
  'banners add': addBannerCommand,
  'banners list': listBannersCommand,
  'banners remove': removeBannerCommand,
  'features lock': lockFeatureCommand,
  'features unlock': unlockFeatureCommand,
  'features list': listFeatureLocksCommand,
  'referrals add': addReferralProgramCommand,
  'referrals list': listReferralProgramsCommand,
  'referrals end': endReferralProgramCommand,
  'targets add': addTargetCommand,
  'targets list': listTargetsCommand,
  'missions add': addMissionCommand,
  'missions list': listMissionsCommand,
  'missions end': endMissionCommand,
  'perks add': addPerkCommand,
  'perks list': listPerksCommand,
  'perks answers': perkAnswersCommand,
  'perks review': reviewPerkAnswerCommand,
  'receipts campaign': addReceiptCampaignCommand,
  'receipts list': listReceiptsCommand,
  'receipts review': reviewReceiptCommand,
  'bills list': listBillsCommand,
  'codes generate': generateCodesCommand,
  'codes list': listCodesCommand,
  'codes suspend': suspendCodesCommand,
  'codes resume': resumeCodesCommand,
  'codes earn': earnCodeCommand,
  'micro-apps add': addMicroAppCommand,
  'api-keys create': createApiKeyCommand,
  'api-keys list': listApiKeysCommand,
  'api-keys revoke': revokeApiKeyCommand,
  'sso-keys create': createSsoKeyCommand,
  'push vapid-keys': vapidKeysCommand,
  'analytics report': analyticsReportCommand,
  'jobs failed': listFailedJobsCommand,
  'jobs retry': retryJobCommand,
};

/** Runs one operator command and answers its exit code; output goes through `context.out` and `context.error`. */
export async function runKartu(args: string[], context: CliContext): Promise<number> {
  const [group, action, ...rest] = args;
  if (group === undefined || ['help', '--help', '-h'].includes(group) || rest.includes('--help') || action === '--help') {
    context.out(usage);
    return 0;
  }
  const command = commands[[group, action].filter((word) => word !== undefined).join(' ')];
  try {
    if (!command) throw new UsageError(`Unknown command: ${[group, action].filter(Boolean).join(' ')}`);
    await command(rest, context);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      context.error(`Error: ${error.message}\n\n${usage}`);
      return 2;
    }
    if (error instanceof CommandError || error instanceof AppError) {
      context.error(`Error: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
