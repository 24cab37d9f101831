import { describe, expect, it } from 'vitest';
import { makerOf, parseLensName, sensorLabel, slugOf, specRows, stripMaker } from './import-lensfun-names.js';
import { assignKeys, formatCatalogue, parseLensfunXml, toRecords } from './import-lensfun.js';

describe('lens names', () => {
  it.each([
    ['FE 24-70mm F2.8 GM', 24, 70, 2.8, 2.8],
    ['FE 24-70mm F2.8 GM II', 24, 70, 2.8, 2.8],
    ['AF-S DX Nikkor 18-55mm f/3.5-5.6G VR', 18, 55, 3.5, 5.6],
    ['XF23mmF1.4 R', 23, 23, 1.4, 1.4],
    ['XF18-55mmF2.8-4 R LM OIS', 18, 55, 2.8, 4],
    ['Canon EF 50mm f/1.8 II', 50, 50, 1.8, 1.8],
    ['Nikkor 10.5mm f/2.8G ED DX Fisheye', 10.5, 10.5, 2.8, 2.8],
    ['smc PENTAX-DA 18-55mm F3.5-5.6 AL', 18, 55, 3.5, 5.6],
    ['Ricoh XR Rikenon 1:1.4 50mm', 50, 50, 1.4, 1.4],
    ['Canon FDn 100mm 1:2.8', 100, 100, 2.8, 2.8],
    ['Minolta MD 35mm 1/2.8', 35, 35, 2.8, 2.8],
    ['Touit 2.8/12', 12, 12, 2.8, 2.8],
    ['Touit 2.8/50M', 50, 50, 2.8, 2.8],
    ['Voigtländer Color-Skopar X 1:2,8/50', 50, 50, 2.8, 2.8],
    ['Summilux-TL 1:1.4/35 ASPH.', 35, 35, 1.4, 1.4],
    ['MC Variozenitar-K 2.8-3.5/25-45', 25, 45, 2.8, 3.5],
    ['LUMIX S 20-60/F3.5-5.6', 20, 60, 3.5, 5.6],
    ['AT-X 14-20 F2 PRO DX', 14, 20, 2, 2],
    ['AF-S VR Nikkor 400mm f_2.8G ED', 400, 400, 2.8, 2.8],
    ['Lumix G Vario 14-42 mm f/3.5-5.6', 14, 42, 3.5, 5.6],
  ])('%s', (name, focalMin, focalMax, apertureMin, apertureMax) => {
    const o = parseLensName(name);
    expect([o.focalMin, o.focalMax, o.apertureMin]).toEqual([focalMin, focalMax, apertureMin]);
    if (apertureMax !== null) expect(o.apertureMax).toBe(apertureMax);
  });

  it('does not read a mount letter as an aperture', () => {
    expect(parseLensName('EF 50mm').apertureMin).toBeNull();
    expect(parseLensName('VCL-ECU1 ultra wide converter')).toEqual({ focalMin: null, focalMax: null, apertureMin: null, apertureMax: null });
  });
});

describe('makers', () => {
  it.each([
    ['Canon', undefined, 'Canon EOS 5D Mark IV', 'canon', 'Canon'],
    ['Nikon Corporation', 'Nikon', 'Nikon D40', 'nikon', 'Nikon'],
    ['NIKON CORPORATION', undefined, 'NIKON Z 6_2', 'nikon', 'Nikon'],
    ['Sony', undefined, 'ILCE-7M3', 'sony', 'Sony'],
    ['Fujifilm', undefined, 'X-T3', 'fuji', 'Fujifilm'],
    ['FUJIFILM', undefined, 'X-T3', 'fuji', 'Fujifilm'],
    ['Olympus Imaging Corp.', 'Olympus', 'E-M5', 'olympus', 'Olympus'],
    ['OM Digital Solutions', undefined, 'OM-1', 'olympus', 'OM System'],
    ['Panasonic', undefined, 'DC-G9', 'panasonic', 'Panasonic'],
    ['Pentax Corporation', 'Pentax', 'Pentax K10D', 'pentax', 'Pentax'],
    ['Ricoh Imaging Company, Ltd.', 'Pentax', 'Pentax K-1', 'pentax', 'Pentax'],
    ['Ricoh Imaging Company, Ltd.', undefined, 'Ricoh GR III', 'ricoh', 'Ricoh'],
    ['Ricoh Imaging Company, Ltd.', undefined, 'PENTAX K-3 Mark III', 'pentax', 'Pentax'],
    ['Ricoh', undefined, 'Caplio GX8', 'ricoh', 'Ricoh'],
    ['Leica Camera AG', 'Leica', 'M9', 'leica', 'Leica'],
    ['Samsung Techwin Co.', undefined, 'NX100', 'samsung', 'Samsung'],
    ['Apple', undefined, 'iPhone XS', 'apple', 'Apple'],
    ['Konica Minolta', undefined, 'Dynax 7D', 'other', 'Konica Minolta'],
    ['Minolta Co., Ltd.', 'Minolta', 'DiMAGE 7', 'other', 'Minolta'],
    ['Carl Zeiss', undefined, 'Distagon T* 2,8/21 ZE', 'other', 'Zeiss'],
    ['Voigtlander', undefined, 'Nokton 40mm f/1.2', 'other', 'Voigtländer'],
    ['Sigma', undefined, 'sd Quattro H', 'other', 'Sigma'],
    ['Tamron', undefined, 'SP 24-70mm F/2.8 Di VC USD', 'other', 'Tamron'],
    ['Casio Computer Co.,Ltd', 'Casio', 'EX-Z750', 'other', 'Casio'],
  ])('%s %s', (maker, makerEn, model, company, brand) => {
    expect(makerOf(maker, makerEn, model)).toEqual({ company, brand });
  });

  it('drops the maker from the model name', () => {
    expect(stripMaker('Canon EOS 5D Mark IV', ['Canon', 'Canon'])).toBe('EOS 5D Mark IV');
    expect(stripMaker('PENTAX K-1 Mark II', ['Pentax', 'Ricoh Imaging Company, Ltd.'])).toBe('K-1 Mark II');
    expect(stripMaker('Sigma 30mm f/2.8 EX DN', ['Sigma'])).toBe('30mm f/2.8 EX DN');
    expect(stripMaker('Carl Zeiss Distagon T* 2,8/21', ['Zeiss', 'Carl Zeiss'])).toBe('Distagon T* 2,8/21');
    expect(stripMaker('Canon', ['Canon'])).toBe('Canon');
  });
});

describe('specs and keys', () => {
  it('names sensor sizes from crop factors', () => {
    expect(sensorLabel(1, 'Canon EF')).toBe('풀프레임');
    expect(sensorLabel(0.79, 'Pentax 645')).toBe('중형 포맷');
    expect(sensorLabel(1.26, 'Canon EF')).toBe('APS-H');
    expect(sensorLabel(1.6, 'Canon EF-S')).toBe('APS-C');
    expect(sensorLabel(2, 'Micro 4/3 System')).toBe('마이크로 포서드');
    expect(sensorLabel(2, '4/3 System')).toBe('포서드');
    expect(sensorLabel(2.73, '')).toBe('1인치');
    expect(sensorLabel(5.6, '')).toBe('1/2.3인치급');
    expect(sensorLabel(null, '')).toBe('');
  });

  it('writes Korean spec rows', () => {
    expect(specRows({ type: 'lens', mount: 'Sony E', cropFactor: 1.5, focalMin: 24, focalMax: 70, apertureMin: 2.8, apertureMax: 2.8, lensKind: 'fisheye' })).toEqual([
      { label: '마운트', value: 'Sony E' },
      { label: '초점 거리', value: '24–70mm' },
      { label: '최대 조리개', value: 'F2.8' },
      { label: '렌즈 종류', value: '어안' },
    ]);
    expect(specRows({ type: 'body', mount: '', cropFactor: 1.534, focalMin: null, focalMax: null, apertureMin: null, apertureMax: null })).toEqual([
      { label: '마운트', value: '렌즈 일체형' },
      { label: '센서 크기', value: 'APS-C' },
      { label: '크롭 배율', value: '1.53배' },
    ]);
  });

  it('makes ASCII slugs', () => {
    expect(slugOf('Canon EOS 5D Mark IV')).toBe('canon-eos-5d-mark-iv');
    expect(slugOf('Voigtländer Nokton 40mm f/1.2')).toBe('voigtlander-nokton-40mm-f-1-2');
    expect(slugOf('Sony FE 24-70mm F2.8 GM')).toBe('sony-fe-24-70mm-f2-8-gm');
  });
});

const XML = `<lensdatabase version="1">
  <mount><name>Canon EF</name><compat>M42</compat></mount>
  <camera><maker>Generic</maker><model>Crop-factor 1.0</model><mount>Generic</mount><cropfactor>1</cropfactor></camera>
  <camera><maker>Canon</maker><model>35mm film: full frame</model><mount>Canon EF</mount><cropfactor>1</cropfactor></camera>
  <camera><maker>Canon</maker><model>Canon EOS 5D Mark IV</model><model lang="en">EOS 5D Mark IV</model><mount>Canon EF</mount><cropfactor>1</cropfactor></camera>
  <camera><maker>Canon</maker><model>Canon PowerShot G5 X</model><model lang="en">PowerShot G5 X (3:2)</model><mount>canonG7X</mount><cropfactor>2.72</cropfactor></camera>
  <camera><maker>Canon</maker><model>Canon PowerShot G5 X 4:3</model><model lang="en">PowerShot G5 X (4:3)</model><mount>canonG7X</mount><cropfactor>2.94</cropfactor></camera>
  <camera><maker>AEE DV</maker><maker lang="en">AEE</maker><model>AEE DV</model><model lang="en">AEE MagiCam SD19 &amp; compatibles</model><mount>aeeDV</mount><cropfactor>6</cropfactor></camera>
  <camera><maker>Sony</maker><model>Cybershot</model><model lang="en">Cyber-shot</model><variant>DSC-F717</variant><mount>sony707</mount><cropfactor>3.933</cropfactor></camera>
  <lens><maker>Canon</maker><model>Canon EF 50mm f/1.8 II</model><mount>Canon EF</mount><cropfactor>1.6</cropfactor>
    <calibration><distortion model="ptlens" focal="50" a="0" b="0" c="0"/></calibration></lens>
  <lens><maker>Canon</maker><model>Canon EF 50mm f/1.8 II</model><mount>Canon EF</mount><cropfactor>1</cropfactor></lens>
  <lens><maker>Canon</maker><model>Canon PowerShot G5 X &amp; compatibles</model><model lang="en">fixed lens</model><mount>canonG7X</mount><cropfactor>2.72</cropfactor></lens>
  <lens><maker>Sigma</maker><model>Sigma 8mm f/3.5 EX DG circular fisheye</model><mount>Canon EF</mount><mount>Nikon F AF</mount><type>fisheye</type><cropfactor>1</cropfactor></lens>
  <lens><maker>Samyang</maker><model>Samyang 12mm</model><mount>Canon EF</mount><focal value="12"/><aperture min="2" max="22"/><cropfactor>1</cropfactor></lens>
</lensdatabase>`;

describe('importer', () => {
  const { entries, mounts } = parseLensfunXml(XML);
  const drafts = toRecords(entries, new Set([...mounts, 'Nikon F AF']));
  const byName = (name: string) => drafts.find((d) => d.name === name);

  it('keeps bodies and interchangeable lenses, skips generic, film and fixed lenses', () => {
    expect(drafts.map((d) => `${d.type} ${d.brand} ${d.name}`).sort()).toEqual([
      'body AEE MagiCam SD19',
      'body Canon EOS 5D Mark IV',
      'body Canon PowerShot G5 X',
      'body Sony Cyber-shot DSC-F717',
      'lens Canon EF 50mm f/1.8 II',
      'lens Samyang 12mm',
      'lens Sigma 8mm f/3.5 EX DG circular fisheye',
    ]);
  });

  it('maps a body to its EXIF strings and specs', () => {
    expect(byName('EOS 5D Mark IV')).toMatchObject({
      catalogueId: 'body:Canon:Canon EOS 5D Mark IV',
      company: 'canon',
      exifMake: 'Canon',
      exifNames: ['Canon EOS 5D Mark IV'],
      mount: 'Canon EF',
      cropFactor: 1,
      specs: [
        { label: '마운트', value: 'Canon EF' },
        { label: '센서 크기', value: '풀프레임' },
        { label: '크롭 배율', value: '1배' },
      ],
    });
    // Aspect-ratio entries of one compact are one product.
    expect(byName('PowerShot G5 X')).toMatchObject({ mount: '', exifNames: ['Canon PowerShot G5 X', 'Canon PowerShot G5 X 4:3'], cropFactor: 2.72 });
  });

  it('merges a lens listed once per calibration and reads elements when the name lacks them', () => {
    expect(byName('EF 50mm f/1.8 II')).toMatchObject({ catalogueId: 'lens:Canon:Canon EF 50mm f/1.8 II', cropFactor: 1, focalMin: 50, apertureMin: 1.8, exifMake: '' });
    expect(byName('8mm f/3.5 EX DG circular fisheye')).toMatchObject({ company: 'other', mount: 'Canon EF, Nikon F AF' });
    expect(byName('8mm f/3.5 EX DG circular fisheye')!.specs).toContainEqual({ label: '렌즈 종류', value: '어안' });
    expect(byName('12mm')).toMatchObject({ focalMin: 12, focalMax: 12, apertureMin: 2, apertureMax: 2 });
  });

  it('keeps earlier keys and suffixes clashes', () => {
    const first = assignKeys(drafts, new Map());
    expect(first.find((r) => r.name === 'EOS 5D Mark IV')!.key).toBe('canon-eos-5d-mark-iv');
    const previous = new Map([
      ['body:Canon:Canon EOS 5D Mark IV', 'canon-5d4'],
      ['lens:Canon:Canon EF 50mm f/1.8 II', 'canon-eos-5d-mark-iv'],
    ]);
    const again = assignKeys(drafts, previous);
    expect(again.find((r) => r.name === 'EOS 5D Mark IV')!.key).toBe('canon-5d4');
    expect(again.find((r) => r.name === 'EF 50mm f/1.8 II')!.key).toBe('canon-eos-5d-mark-iv');
    const clash = assignKeys([...drafts, { ...drafts[0]!, catalogueId: 'body:Canon:zzz' }], new Map());
    expect(clash.map((r) => r.key)).toContain(`${clash[0]!.key}-2`);
    expect(new Set(clash.map((r) => r.key)).size).toBe(clash.length);
  });

  it('writes the same file for the same input', () => {
    const a = formatCatalogue(assignKeys(drafts, new Map()));
    const b = formatCatalogue(assignKeys(toRecords(parseLensfunXml(XML).entries, new Set([...mounts, 'Nikon F AF'])), new Map()));
    expect(a).toBe(b);
    expect(a.split('\n')).toHaveLength(drafts.length + 3);
  });
});
