// The market write / edit form: category, subject, price (formatted as typed), condition with
// its explanation, trade method, region, an optional product, photos, the content in the rich
// editor and the 경매로 판매 switch with its terms. Field errors show at the field (the same zod
// contract as the server, and the server's own messages mapped to their field); a draft is kept
// in the browser every few seconds. Price terms are locked when the view says so.
import { InputText } from 'primereact/inputtext';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { CONDITION_LABEL, CONDITIONS, MarketSave, REGIONS, TRADE_METHOD_LABEL, TRADE_METHODS, type MarketKind, type MarketView } from '../../../common/api/market';
import { emoticonsToTokens } from '../../../common/content/emoticons';
import { formatDateTime, formatInputDateTime, siteTime } from '../../../common/format';
import { isPhotoFile, uploadFile } from '../../api/file-upload';
import { draftKey, useDraftAutosave, type DraftParser } from '../../ui/draft-autosave';
import { FieldError } from '../../ui/field';
import { LiteButton } from '../../ui/lite-button';
import { ProductPicker, type PickedProduct } from '../../ui/product-picker';
import { RichEditor, type RichEditorHandle } from '../../ui/rich-editor';
import { toast } from '../../ui/toast-store';
import { useFieldErrors } from '../../ui/use-field-errors';
import { marketProductSearchRoot } from './api/keys';
import { useMarketCategories } from './api/market-categories';
import { useSaveMarket } from './api/market-save';
import { useSpamProof } from '../../ui/spam-proof';
import { marketListPath, marketViewPath } from '../../shared/paths';
import { PhotoUploader, type Photo, type Upload } from './photo-uploader';
import { PriceInput } from '../../ui/price-input';
import { categoryFor, type ProductPrefill } from './product-prefill';
import { koMarket } from './texts';

const e = koMarket.editor;
const w = koMarket.wanted;
const HOUR = 3600_000;

const IDS = {
  category: 'market-category',
  subject: 'market-subject',
  price: 'market-price',
  priceMin: 'market-price-min',
  condition: 'market-condition-new',
  tradeMethod: 'market-trade-direct',
  region: 'market-region',
  productKey: 'market-product',
  files: 'market-photos',
  content: 'market-content',
  startPrice: 'market-start-price',
  bidStep: 'market-bid-step',
  buyNowPrice: 'market-buy-now',
  endsAt: 'market-ends-at',
} as const;
type FieldName = keyof typeof IDS;

/** The field a server message is about (it checks the same contract and its own rules). */
const WORDS: ReadonlyArray<readonly [RegExp, FieldName]> = [
  [/마감/, 'endsAt'],
  [/시작가/, 'startPrice'],
  [/입찰 단위/, 'bidStep'],
  [/즉시 구매가/, 'buyNowPrice'],
  [/사진/, 'files'],
  [/제목/, 'subject'],
  [/내용/, 'content'],
  [/분류/, 'category'],
  [/거래 방법/, 'tradeMethod'],
  [/지역/, 'region'],
  [/제품/, 'productKey'],
  [/상태/, 'condition'],
  [/최소 가격/, 'priceMin'],
  [/가격/, 'price'],
];
/** The form's choices as docs/product/market.md#items names them; the item page spells "both" out. */
const TRADE_CHOICE_LABEL = { ...TRADE_METHOD_LABEL, both: e.tradeBoth };

const messageField = (message: string) => WORDS.find(([re]) => re.test(message))?.[1] ?? null;

/** The end field is Korean time, as the item page shows the end, whatever the device's zone. */
const defaultEnd = () => formatInputDateTime(Math.ceil((Date.now() + 3 * 24 * HOUR) / HOUR) * HOUR);

let uploadSeq = 0;

interface MarketDraft {
  category: string;
  subject: string;
  price: number | null;
  condition: string;
  tradeMethod: string;
  region: string;
  product: PickedProduct | null;
  photos: Photo[];
  html: string;
  auction: boolean;
  startPrice: number | null;
  bidStep: number | null;
  buyNowPrice: number | null;
  endsAt: string;
  savedAt: number;
}

const parseMarketDraft: DraftParser<MarketDraft> = (d, filesKept) => {
  if (typeof d.subject !== 'string' || typeof d.html !== 'string') return null;
  return { ...(d as MarketDraft), photos: filesKept && Array.isArray(d.photos) ? d.photos : [] };
};

/**
 * prefill: a new item filled from a product ("팔기" on a member's gear, product-prefill.ts).
 * kind: a new wanted ad (삽니다): a price range, photos optional, no auction; an edit keeps the item's.
 */
export function MarketEditor({ item, prefill, kind: newKind = 'sell' }: { item?: MarketView; prefill?: ProductPrefill; kind?: MarketKind }) {
  const kind = item?.kind ?? newKind;
  const wanted = kind === 'wanted';
  const navigate = useNavigate();
  const save = useSaveMarket();
  // A new member's new item carries a solved challenge, as a new post does (none asked for an edit).
  const spam = useSpamProof('post', !item);
  const [sending, setSending] = useState(false);
  const categories = useMarketCategories().data ?? [];
  const editor = useRef<RichEditorHandle>(null);
  const priceLocked = item !== undefined && !item.abilities.canEditPrice;
  const st = item?.auctionState;

  const [category, setCategory] = useState(item?.category ?? '');
  const [subject, setSubject] = useState(item?.subject ?? prefill?.subject ?? '');
  const [price, setPrice] = useState<number | null>(item?.price ?? null);
  const [priceMin, setPriceMin] = useState<number | null>(item?.priceMin ?? null);
  const [condition, setCondition] = useState<string>(item?.condition ?? '');
  const [tradeMethod, setTradeMethod] = useState<string>(item?.tradeMethod ?? '');
  const [region, setRegion] = useState(item?.region ?? '');
  const [product, setProduct] = useState<PickedProduct | null>(item?.product && !item.productGuessed ? item.product : (prefill?.product ?? null));
  const [photos, setPhotos] = useState<Photo[]>(() => (item?.files ?? []).filter((f) => f.image).map((f) => ({ fileKey: f.fileKey, name: f.name, url: f.url, thumbUrl: f.thumbUrl })));
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [auction, setAuction] = useState(st != null);
  const [startPrice, setStartPrice] = useState<number | null>(st?.startPrice ?? null);
  const [bidStep, setBidStep] = useState<number | null>(st?.bidStep ?? 1000);
  const [buyNowPrice, setBuyNowPrice] = useState<number | null>(st?.buyNowPrice ?? null);
  // The field shows minutes only; an end left as it was goes back exactly as stored (anti-sniping
  // ends carry seconds), so the server sees it unchanged.
  const shownEnd = st ? formatInputDateTime(st.endsAt) : null;
  const [endsAt, setEndsAt] = useState(shownEnd ?? defaultEnd);
  const fe = useFieldErrors(IDS);

  // The first category once the list has come (a product's own when the form was filled from one).
  if (category === '' && categories.length > 0) setCategory(categoryFor(categories, prefill?.type) ?? categories[0]!.code);

  const draft = useDraftAutosave({
    key: draftKey(wanted ? 'market-wanted' : 'market', item?.key),
    values: { category, subject, price, condition, tradeMethod, region, product, photos, auction, startPrice, bidStep, buyNowPrice, endsAt },
    editor,
    parse: parseMarketDraft,
    offer: e.draftFound,
    restore: (d) => {
      setCategory(d.category);
      setSubject(d.subject);
      setCondition(d.condition);
      setTradeMethod(d.tradeMethod);
      setRegion(d.region);
      setProduct(d.product);
      setPhotos((now) => [...now, ...d.photos.filter((p) => !now.some((n) => n.fileKey === p.fileKey))]);
      if (!priceLocked) {
        setPrice(d.price);
        if (!item) setAuction(d.auction);
        setStartPrice(d.startPrice);
        setBidStep(d.bidStep);
        setBuyNowPrice(d.buyNowPrice);
        setEndsAt(d.endsAt || defaultEnd());
      }
    },
  });

  const addPhotos = async (list: File[]) => {
    fe.clear('files');
    for (const file of list) {
      if (!isPhotoFile(file)) {
        toast.info(e.notImage(file.name));
        continue;
      }
      const id = ++uploadSeq;
      setUploads((u) => [...u, { id, name: file.name, percent: 0 }]);
      try {
        const r = await uploadFile(file, (percent) => setUploads((u) => u.map((x) => (x.id === id ? { ...x, percent } : x))));
        setPhotos((p) => [...p, { fileKey: r.fileKey, name: r.name, url: r.url, thumbUrl: r.thumbUrl }]);
      } catch {
        // The upload helper has said why.
      } finally {
        setUploads((u) => u.filter((x) => x.id !== id));
      }
    }
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (save.isPending || sending) return;
    if (uploads.length > 0) return void toast.info(e.uploadWait);
    const html = editor.current?.getHtml() ?? '';
    const endUnchanged = st != null && endsAt === shownEnd;
    const endMs = endUnchanged ? Date.parse(st.endsAt) : siteTime(endsAt).getTime();
    const form = {
      ...(item ? { key: item.key } : {}),
      kind,
      ...(wanted ? { priceMin } : {}),
      category,
      subject,
      content: html,
      price: auction ? (startPrice ?? undefined) : (price ?? undefined),
      condition,
      tradeMethod,
      region,
      productKey: product?.key ?? null,
      files: photos.map((p) => p.fileKey),
      auction: auction ? { startPrice: startPrice ?? undefined, bidStep: bidStep ?? undefined, buyNowPrice: buyNowPrice ?? null, endsAt: Number.isNaN(endMs) ? '' : new Date(endMs).toISOString() } : null,
    };
    const parsed = fe.check(MarketSave, form);
    if (!parsed) return;
    // The server decides against its own clock; this catches the plain mistakes first.
    if (auction && !priceLocked && !endUnchanged) {
      const ahead = endMs - Date.now();
      if (ahead < HOUR) return fe.fail('endsAt', e.endsTooSoon);
      if (ahead > 14 * 24 * HOUR) return fe.fail('endsAt', e.endsTooLate);
    }
    setSending(true);
    const proof = await spam.headers();
    setSending(false);
    if (!proof) return;
    save.mutate({ ...(form as MarketSave), proof }, {
      onSettled: () => !item && spam.renew(),
      onSuccess: ({ key: saved }) => {
        draft.finish();
        toast.success(e.saved);
        navigate(marketViewPath(saved), { replace: true });
      },
      onError: (error) => fe.failFromServer(error, messageField),
    });
  };

  const cancel = () => navigate(item ? marketViewPath(item.key) : marketListPath());

  return (
    <form className="market-editor form-card" onSubmit={(ev) => void submit(ev)} noValidate>
      <div className="editor-grid">
        <div className="field">
          <label htmlFor={IDS.category}>{e.category}</label>
          <select id={IDS.category} className="p-inputtext p-component" value={category} onChange={(ev) => (setCategory(ev.target.value), fe.clear('category'))} {...fe.aria('category')}>
            {categories.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
          <FieldError id={IDS.category} message={fe.error('category')} />
        </div>
        <div className="field">
          <label htmlFor={IDS.region}>{e.region}</label>
          <select id={IDS.region} className="p-inputtext p-component" value={region} onChange={(ev) => (setRegion(ev.target.value), fe.clear('region'))} {...fe.aria('region')}>
            <option value="">{e.regionPick}</option>
            {REGIONS.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
          <FieldError id={IDS.region} message={fe.error('region')} />
        </div>
      </div>

      <div className="field">
        <label htmlFor={IDS.subject}>{e.subject}</label>
        <InputText id={IDS.subject} value={subject} maxLength={100} autoComplete="off" onChange={(ev) => (setSubject(ev.target.value), fe.clear('subject'))} {...fe.aria('subject', `${IDS.subject}-hint`)} />
        <FieldError id={IDS.subject} message={fe.error('subject')} />
        <small id={`${IDS.subject}-hint`} className="field-hint">
          {e.subjectHint}
        </small>
      </div>

      <div className="field">
        <label htmlFor={IDS.productKey}>{e.product}</label>
        <ProductPicker
          inputId={IDS.productKey}
          value={product}
          onChange={(p) => (setProduct(p), fe.clear('productKey'))}
          queryRoot={marketProductSearchRoot}
          placeholder={koMarket.picker.placeholder}
          emptyMessage={koMarket.picker.empty}
          aria={fe.aria('productKey', `${IDS.productKey}-hint`)}
        />
        <FieldError id={IDS.productKey} message={fe.error('productKey')} />
        <small id={`${IDS.productKey}-hint`} className="field-hint">
          {e.productHint}
        </small>
      </div>

      <fieldset className="field choice-field" {...fe.aria('condition')}>
        <legend>{wanted ? w.condition : e.condition}</legend>
        {CONDITIONS.map((c) => (
          <div key={c} className="choice">
            <input id={`market-condition-${c}`} type="radio" name="condition" value={c} checked={condition === c} onChange={() => (setCondition(c), fe.clear('condition'))} aria-describedby={`market-condition-${c}-help`} />
            <label htmlFor={`market-condition-${c}`}>
              <strong>{CONDITION_LABEL[c].label}</strong> <span id={`market-condition-${c}-help`} className="choice-help">{CONDITION_LABEL[c].help}</span>
            </label>
          </div>
        ))}
        <FieldError id={IDS.condition} message={fe.error('condition')} />
      </fieldset>

      <fieldset className="field choice-field choice-row" {...fe.aria('tradeMethod')}>
        <legend>{e.tradeMethod}</legend>
        {TRADE_METHODS.map((t) => (
          <div key={t} className="choice">
            <input id={`market-trade-${t}`} type="radio" name="tradeMethod" value={t} checked={tradeMethod === t} onChange={() => (setTradeMethod(t), fe.clear('tradeMethod'))} />
            <label htmlFor={`market-trade-${t}`}>{TRADE_CHOICE_LABEL[t]}</label>
          </div>
        ))}
        <FieldError id={IDS.tradeMethod} message={fe.error('tradeMethod')} />
      </fieldset>

      <div className="field">
        <span className="field-label" id="market-photos-label">
          {e.photos}
        </span>
        <small id="market-photos-hint" className="field-hint">
          {wanted ? w.photosHint : e.photosHint}
        </small>
        <PhotoUploader photos={photos} uploads={uploads} onPick={(l) => void addPhotos(l)} onChange={(p) => (setPhotos(p), fe.clear('files'))} aria={fe.aria('files', 'market-photos-hint')} />
        <FieldError id={IDS.files} message={fe.error('files')} />
      </div>

      {!wanted && (
        <div className="field auction-switch">
          <input
            id="market-auction-switch"
            type="checkbox"
            role="switch"
            className="switch-input"
            checked={auction}
            disabled={item !== undefined}
            onChange={(ev) => setAuction(ev.target.checked)}
            aria-describedby="market-auction-hint"
          />
          <label htmlFor="market-auction-switch">{e.auction}</label>
          <small id="market-auction-hint" className="field-hint">
            {item ? e.auctionLocked : e.auctionHint}
          </small>
        </div>
      )}
      {priceLocked && (
        <p className="price-locked" role="note">
          <i className="pi pi-lock" aria-hidden="true" /> {e.priceLocked}
        </p>
      )}

      {wanted ? (
        <div className="editor-grid">
          <div className="field">
            <label htmlFor={IDS.priceMin}>{w.minPrice}</label>
            <PriceInput id={IDS.priceMin} value={priceMin} onValue={(p) => (setPriceMin(p), fe.clear('priceMin'))} {...fe.aria('priceMin', `${IDS.priceMin}-hint`)} />
            <FieldError id={IDS.priceMin} message={fe.error('priceMin')} />
            <small id={`${IDS.priceMin}-hint`} className="field-hint">
              {w.minPriceHint}
            </small>
          </div>
          <div className="field">
            <label htmlFor={IDS.price}>{w.maxPrice}</label>
            <PriceInput id={IDS.price} value={price} onValue={(p) => (setPrice(p), fe.clear('price'))} {...fe.aria('price', `${IDS.price}-hint`)} />
            <FieldError id={IDS.price} message={fe.error('price')} />
            <small id={`${IDS.price}-hint`} className="field-hint">
              {w.maxPriceHint}
            </small>
          </div>
        </div>
      ) : !auction ? (
        <div className="field">
          <label htmlFor={IDS.price}>{e.price}</label>
          <PriceInput id={IDS.price} value={price} onValue={(p) => (setPrice(p), fe.clear('price'))} disabled={priceLocked} {...fe.aria('price', `${IDS.price}-hint`)} />
          <FieldError id={IDS.price} message={fe.error('price')} />
          <small id={`${IDS.price}-hint`} className="field-hint">
            {e.priceHint}
          </small>
        </div>
      ) : (
        <div className="auction-fields editor-grid">
          <div className="field">
            <label htmlFor={IDS.startPrice}>{e.startPrice}</label>
            <PriceInput id={IDS.startPrice} value={startPrice} disabled={priceLocked} onValue={(p) => (setStartPrice(p), fe.clear('startPrice'), fe.clear('price'))} {...fe.aria('startPrice')} />
            <FieldError id={IDS.startPrice} message={fe.error('startPrice') ?? fe.error('price')} />
          </div>
          <div className="field">
            <label htmlFor={IDS.bidStep}>{e.bidStep}</label>
            <PriceInput id={IDS.bidStep} value={bidStep} disabled={priceLocked} onValue={(p) => (setBidStep(p), fe.clear('bidStep'))} {...fe.aria('bidStep', `${IDS.bidStep}-hint`)} />
            <FieldError id={IDS.bidStep} message={fe.error('bidStep')} />
            <small id={`${IDS.bidStep}-hint`} className="field-hint">
              {e.bidStepHint}
            </small>
          </div>
          <div className="field">
            <label htmlFor={IDS.buyNowPrice}>{e.buyNowPrice}</label>
            <PriceInput id={IDS.buyNowPrice} value={buyNowPrice} disabled={priceLocked} onValue={(p) => (setBuyNowPrice(p), fe.clear('buyNowPrice'))} {...fe.aria('buyNowPrice', `${IDS.buyNowPrice}-hint`)} />
            <FieldError id={IDS.buyNowPrice} message={fe.error('buyNowPrice')} />
            <small id={`${IDS.buyNowPrice}-hint`} className="field-hint">
              {e.buyNowHint}
            </small>
          </div>
          <div className="field">
            <label htmlFor={IDS.endsAt}>{e.endsAt}</label>
            <input id={IDS.endsAt} type="datetime-local" className="p-inputtext p-component" value={endsAt} disabled={priceLocked} onChange={(ev) => (setEndsAt(ev.target.value), fe.clear('endsAt'))} {...fe.aria('endsAt', `${IDS.endsAt}-hint`)} />
            <FieldError id={IDS.endsAt} message={fe.error('endsAt')} />
            <small id={`${IDS.endsAt}-hint`} className="field-hint">
              {e.endsAtHint}
            </small>
          </div>
        </div>
      )}

      <div className="field">
        <span id="market-content-label" className="field-label">
          {e.content}
        </span>
        <RichEditor
          ref={editor}
          initialHtml={item ? emoticonsToTokens(item.contentHtml) : ''}
          labelId="market-content-label"
          onFiles={(list) => void addPhotos(list)}
          onPickImage={() => document.getElementById('market-photo-input')?.click()}
          onPickFile={() => document.getElementById('market-photo-input')?.click()}
          inputId={IDS.content}
          onChange={() => fe.clear('content')}
          {...fe.aria('content')}
        />
        <FieldError id={IDS.content} message={fe.error('content')} />
      </div>

      {spam.element}
      <div className="editor-actions">
        <span className="draft-status">{draft.savedAt !== null && e.draftSavedAt(formatDateTime(draft.savedAt).slice(11))}</span>
        <LiteButton label={e.cancel} outlined onClick={cancel} />
        <LiteButton type="submit" label={e.save} icon="pi pi-check" loading={save.isPending || sending} />
      </div>
    </form>
  );
}
